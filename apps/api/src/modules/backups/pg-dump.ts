import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { Worker } from 'node:worker_threads';

/**
 * PostgreSQL's own pg_dump (major 18, compiled to WebAssembly and shipped in the npm package
 * @electric-sql/pglite-tools), run against any server it supports (9.2 to 18) over a TCP socket
 * that this module opens. Decision 050 says why: nothing but Node is needed, and a pg_dump of
 * major 18 dumps the embedded server (18) and CI's server (15) alike.
 *
 * The WebAssembly build reads and writes the wire protocol through two synchronous callbacks
 * instead of a socket. It runs in a worker thread that blocks (Atomics.wait) in its read callback
 * until this thread has bytes from the real socket, so the worker sees a blocking socket.
 */

const PACKAGE = '@electric-sql/pglite-tools';
const DUMP_PATH = '/tmp/exhale-dump.sql';
const BUFFER_BYTES = 1 << 20;

const require = createRequire(import.meta.url);

/**
 * The package's module exports only its PGlite wrapper; we need the Emscripten factory in it, so a
 * copy of its bundled chunk that also exports the factory is written to a fresh private folder
 * (mkdtemp: no other user can plant a file there) and removed after the dump.
 */
async function factoryModule(): Promise<{ modulePath: string; wasmPath: string; dir: string }> {
  const dist = path.dirname(require.resolve(`${PACKAGE}/pg_dump`));
  const wasmPath = path.join(dist, 'pg_dump.wasm');
  const chunk = (await readdir(dist)).find((f) => /^chunk-.*\.js$/.test(f));
  if (!chunk || !existsSync(wasmPath)) throw new Error(`${PACKAGE}: pg_dump.wasm not found`);
  const source = await readFile(path.join(dist, chunk), 'utf8');
  const factory = /=await (\w+)\(\{noExitRuntime:/.exec(source)?.[1];
  if (!factory) throw new Error(`${PACKAGE}: this version's pg_dump loader is not recognised`);
  const dir = await mkdtemp(path.join(tmpdir(), 'exhale-pg-dump-'));
  const modulePath = path.join(dir, 'pg-dump.mjs');
  await writeFile(modulePath, `${source}\nexport { ${factory} as exhalePgDumpFactory };\n`, {
    mode: 0o600,
  });
  return { modulePath, wasmPath, dir };
}

// Plain JavaScript so it runs the same under tsx, vitest and the esbuild bundle.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { pathToFileURL } = require('node:url');
(async () => {
  const { modulePath, wasmPath, args, password, shared } = workerData;
  const control = new Int32Array(shared.control);
  const buffer = new Uint8Array(shared.buffer);
  const { exhalePgDumpFactory } = await import(pathToFileURL(modulePath).href);
  let exitCode = 0;
  let stderr = '';
  const mod = await exhalePgDumpFactory({
    noExitRuntime: false,
    wasmBinary: readFileSync(wasmPath),
    print: () => {},
    printErr: (text) => { stderr += text + '\\n'; },
    onExit: (status) => { exitCode = status; },
    preRun: [
      (m) => {
        m.ENV.HOME = '/home/postgres';
        m.ENV.PGPASSWORD = password;
        m.ENV.PGSSLMODE = 'disable';
        m.ENV.PGCONNECT_TIMEOUT = '30';
      },
      (m) => {
        m.onRuntimeInitialized = () => {
          const write = m.addFunction((ptr, length) => {
            parentPort.postMessage({ type: 'write', bytes: m.HEAPU8.slice(ptr, ptr + length) });
            return length;
          }, 'iii');
          const read = m.addFunction((ptr, max) => {
            parentPort.postMessage({ type: 'read', max: Math.min(max, buffer.length) });
            Atomics.wait(control, 0, 0);
            const n = control[1];
            if (n > 0) m.HEAPU8.set(buffer.subarray(0, n), ptr);
            Atomics.store(control, 0, 0);
            return n > 0 ? n : 0;
          }, 'iii');
          m._pgl_set_rw_cbs(read, write);
        };
      },
    ],
  });
  try {
    mod.callMain(args);
  } catch (error) {
    if (!(error && error.name === 'ExitStatus')) throw error;
    exitCode = error.status;
  }
  if (exitCode !== 0) {
    parentPort.postMessage({ type: 'done', exitCode, stderr });
    return;
  }
  const dump = mod.FS.readFile(${JSON.stringify(DUMP_PATH)});
  parentPort.postMessage({ type: 'done', exitCode, stderr, dump }, [dump.buffer]);
})().catch((error) => {
  parentPort.postMessage({ type: 'done', exitCode: -1, stderr: String(error && error.stack || error) });
});
`;

/**
 * The server ended pg_dump's connection while pg_dump waited for its answer: a restart, a
 * failover, a terminated session or a network cut. libpq then reports nothing useful (pg_dump
 * printed "query failed: " with an empty message), so the dump says what happened; a backup run
 * tries once more (BackupService).
 */
export class DumpConnectionLostError extends Error {
  constructor(readonly pgDumpOutput: string) {
    super(
      'the database server closed the connection during the dump' +
        (pgDumpOutput ? ` (pg_dump: ${pgDumpOutput})` : ''),
    );
    this.name = 'DumpConnectionLostError';
  }
}

/** Opens the connection pg_dump talks through, with TLS when the URL asks for it. */
async function connect(url: URL): Promise<net.Socket> {
  const host = url.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
  const port = Number(url.port || 5432);
  const socket = net.connect({ host, port });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const sslmode = url.searchParams.get('sslmode') ?? (url.searchParams.get('ssl') ? 'require' : '');
  if (!sslmode || sslmode === 'disable' || sslmode === 'prefer' || sslmode === 'allow') {
    return socket;
  }
  // SSLRequest; the server answers 'S' and the TLS handshake follows on the same socket.
  const request = Buffer.alloc(8);
  request.writeInt32BE(8, 0);
  request.writeInt32BE(80877103, 4);
  socket.write(request);
  const answer = await new Promise<Buffer>((resolve, reject) => {
    socket.once('data', resolve);
    socket.once('error', reject);
  });
  if (answer[0] !== 0x53) throw new Error('the database server refused TLS');
  const secure = tls.connect({
    socket,
    servername: net.isIP(host) ? undefined : host,
    rejectUnauthorized: sslmode === 'verify-full' || sslmode === 'verify-ca',
  });
  await new Promise<void>((resolve, reject) => {
    secure.once('secureConnect', resolve);
    secure.once('error', reject);
  });
  return secure;
}

/**
 * Dumps the whole database at `databaseUrl` as a plain SQL script (pg_dump -Fp: schema, data as
 * multi-row INSERTs, no owners or grants so it restores into any role) and returns its bytes. pg_dump
 * reads everything in one REPEATABLE READ snapshot, so the dump is consistent while the app writes.
 */
export async function pgDump(databaseUrl: string): Promise<Buffer> {
  const url = new URL(databaseUrl);
  const { modulePath, wasmPath, dir } = await factoryModule();
  const socket = await connect(url).catch(async (error: unknown) => {
    await rm(dir, { recursive: true, force: true });
    throw error;
  });
  const user = decodeURIComponent(url.username || 'postgres');
  const database = decodeURIComponent(url.pathname.replace(/^\//, '') || user);
  const args = [
    '-h',
    url.hostname || '127.0.0.1',
    '-p',
    url.port || '5432',
    '-U',
    user,
    '-d',
    database,
    '--format=plain',
    '--no-owner',
    '--no-privileges',
    '--quote-all-identifiers',
    '--rows-per-insert=1000',
    '-f',
    DUMP_PATH,
  ];
  const control = new SharedArrayBuffer(8);
  const buffer = new SharedArrayBuffer(BUFFER_BYTES);
  const controlView = new Int32Array(control);
  const bufferView = new Uint8Array(buffer);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      modulePath,
      wasmPath,
      args,
      password: decodeURIComponent(url.password),
      shared: { control, buffer },
    },
  });

  const received: Buffer[] = [];
  let pendingRead = 0;
  let ended = false;
  // A read answered with nothing because the socket had ended (a finished dump never reads after
  // saying goodbye).
  let connectionLost = false;
  const serve = () => {
    if (pendingRead === 0) return;
    let n = 0;
    while (n < pendingRead && received.length > 0) {
      const head = received[0]!;
      const take = Math.min(head.length, pendingRead - n);
      bufferView.set(head.subarray(0, take), n);
      n += take;
      if (take === head.length) received.shift();
      else received[0] = head.subarray(take);
    }
    if (n === 0 && !ended) return;
    if (n === 0) connectionLost = true;
    pendingRead = 0;
    controlView[1] = n;
    Atomics.store(controlView, 0, 1);
    Atomics.notify(controlView, 0);
  };
  socket.on('data', (chunk: Buffer) => {
    received.push(chunk);
    serve();
  });
  const onEnd = () => {
    ended = true;
    serve();
  };
  socket.on('end', onEnd);
  socket.on('close', onEnd);
  socket.on('error', onEnd);

  try {
    return await new Promise<Buffer>((resolve, reject) => {
      worker.on('message', (message: { type: string; [key: string]: unknown }) => {
        if (message.type === 'write') {
          socket.write(message.bytes as Uint8Array);
        } else if (message.type === 'read') {
          pendingRead = message.max as number;
          serve();
        } else if (message.type === 'done') {
          const { exitCode, stderr, dump } = message as unknown as {
            exitCode: number;
            stderr: string;
            dump?: Uint8Array;
          };
          if ((exitCode !== 0 || !dump) && connectionLost) {
            reject(new DumpConnectionLostError(stderr.trim()));
          } else if (exitCode !== 0 || !dump) {
            reject(new Error(`pg_dump failed (exit ${exitCode}): ${stderr.trim()}`));
          } else {
            resolve(Buffer.from(dump.buffer, dump.byteOffset, dump.byteLength));
          }
        }
      });
      worker.on('error', reject);
      worker.on('exit', (code) => reject(new Error(`pg_dump worker stopped (exit ${code})`)));
    });
  } finally {
    socket.destroy();
    await worker.terminate();
    await rm(dir, { recursive: true, force: true });
  }
}
