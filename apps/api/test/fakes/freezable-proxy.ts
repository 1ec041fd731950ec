import net from 'node:net';

/**
 * A TCP proxy in front of a real PostgreSQL that can stop passing bytes, like a server that was
 * frozen (SIGSTOP) or a network that silently drops packets: connections stay open, nothing
 * answers. Thawing passes on what was held back.
 */
export async function startFreezableProxy(target: { host: string; port: number }) {
  let frozen = false;
  const held: Array<() => void> = [];
  const sockets = new Set<net.Socket>();

  const pipe = (from: net.Socket, to: net.Socket) => {
    from.on('data', (chunk) => {
      if (frozen) held.push(() => to.write(chunk));
      else to.write(chunk);
    });
    from.on('close', () => to.destroy());
    from.on('error', () => to.destroy());
  };

  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    pipe(client, upstream);
    pipe(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;

  return {
    port,
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const send of held.splice(0)) send();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
