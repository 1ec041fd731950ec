import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * The part every provider fake with a JSON API shares: a server on a free local port that reads
 * the whole body, answers `invalidJson` itself when it does not parse, and hands the parsed object
 * to `handle`. What each provider checks and answers stays in its own fake.
 */
export async function startJsonHttpFake(
  handle: (req: IncomingMessage, body: Record<string, unknown>, res: ServerResponse) => void,
  invalidJson: (res: ServerResponse) => void,
): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        invalidJson(res);
        return;
      }
      handle(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
