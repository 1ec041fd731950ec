import http from 'node:http';
import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
  /** From the request being started to the last byte of the response. */
  ms: number;
}

export interface RawRequest {
  method?: string;
  path: string;
  token?: string;
  body?: unknown;
  /** Sent as is (the webhook's signature covers the exact bytes). */
  rawBody?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/**
 * One request on a connection of its own (no keep-alive pool): a fault test kills and restarts
 * servers, and a pooled socket to a dead process would turn the next, unrelated request into a
 * failure of its own. Rejects on a network error or the timeout; any HTTP status resolves.
 */
export function rawRequest(baseUrl: string, request: RawRequest): Promise<RawResponse> {
  const url = new URL(request.path, baseUrl);
  const payload =
    request.rawBody ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
  const headers: Record<string, string> = {
    connection: 'close',
    ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
    ...request.headers,
  };
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: request.method ?? (payload === undefined ? 'GET' : 'POST'), headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text,
            json,
            ms: performance.now() - started,
          });
        });
      },
    );
    req.setTimeout(request.timeoutMs ?? 30_000, () =>
      req.destroy(new Error(`no answer within ${request.timeoutMs ?? 30_000} ms`)),
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export type ConnectOutcome = 'accepted' | 'refused' | 'failed';

/** Whether a new TCP connection to the port is accepted, refused, or fails otherwise (timeout). */
export function probeConnect(port: number, timeoutMs = 1_000): Promise<ConnectOutcome> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const done = (outcome: ConnectOutcome) => {
      socket.destroy();
      resolve(outcome);
    };
    socket.setTimeout(timeoutMs, () => done('failed'));
    socket.once('connect', () => done('accepted'));
    socket.once('error', (error: NodeJS.ErrnoException) =>
      done(error.code === 'ECONNREFUSED' ? 'refused' : 'failed'),
    );
  });
}
