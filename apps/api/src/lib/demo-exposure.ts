import { isIP } from 'node:net';

/**
 * Whether `host` (the address the server listens on) is reachable from this machine only:
 * 'localhost', 127.0.0.0/8, ::1 or an IPv4-mapped 127 address. '0.0.0.0', '::', a LAN or public
 * address, or a name that resolves elsewhere all count as reachable from other machines.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (isIP(name) === 4) return name.startsWith('127.');
  if (isIP(name) === 6) {
    if (name === '::1' || name === '0:0:0:0:0:0:0:1') return true;
    const mapped = /^(?:0{0,4}:){0,4}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(name)?.[1];
    return mapped !== undefined && mapped.startsWith('127.');
  }
  return false;
}

/**
 * The warning `npm start` prints when the demo accounts are seeded and the server listens where
 * other machines can reach it: anyone there can sign in as the demo admin with the password the
 * README publishes. Undefined when there is nothing to warn about.
 */
export function demoExposureWarning(
  config: { HOST: string; SEED_DEMO: boolean },
  adminEmail: string,
): string | undefined {
  if (!config.SEED_DEMO || isLoopbackHost(config.HOST)) return undefined;
  return (
    `WARNING: the demo accounts are seeded and the server listens on ${config.HOST}, which other ` +
    `machines can reach: anyone there can sign in as the demo admin ${adminEmail} with the ` +
    'published password. Listen on 127.0.0.1 (HOST=127.0.0.1), or start with SEED_DEMO=false ' +
    'on a database without the demo accounts.'
  );
}
