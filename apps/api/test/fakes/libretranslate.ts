import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TranslateCall {
  q: string;
  source: string;
  target: string;
  format: string;
}

/**
 * A local stand-in for a LibreTranslate server: POST /translate answers `[target] q`, except for
 * the text 'explode', which gets a 500, and 'garbled', which gets a body without translatedText.
 */
export interface FakeLibreTranslate {
  url: string;
  calls: TranslateCall[];
  close(): Promise<void>;
}

export async function startFakeLibreTranslate(): Promise<FakeLibreTranslate> {
  const calls: TranslateCall[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/translate') {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(raw) as TranslateCall;
      calls.push(body);
      res.setHeader('content-type', 'application/json');
      if (body.q === 'explode') {
        res.writeHead(500).end(JSON.stringify({ error: 'boom' }));
      } else if (body.q === 'garbled') {
        res.writeHead(200).end(JSON.stringify({ nothing: true }));
      } else {
        res.writeHead(200).end(JSON.stringify({ translatedText: `[${body.target}] ${body.q}` }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
