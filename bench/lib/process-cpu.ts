/**
 * CPU time of the processes a benchmark runs, read from /proc (Linux only): what a request costs
 * each side (the server, PostgreSQL, the load generator), which a requests-per-second figure alone
 * cannot tell apart on a machine they share.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const TICK_MS = 1000 / 100; // /proc reports CPU time in clock ticks of 10 ms (USER_HZ 100)

/** Fields 3 onwards of /proc/<pid>/stat (after the command name), or undefined once it is gone. */
function statFields(pid: number | string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** utime + stime of a process, in ms; 0 once it is gone. */
export function processCpuMs(pid: number): number {
  const fields = statFields(pid);
  return fields ? (Number(fields[11]) + Number(fields[12])) * TICK_MS : 0; // fields 14 and 15
}

/**
 * CPU time of the postmaster and every process it started (backends, background workers), those
 * that have ended included: the postmaster waits for its children, so their time is in its
 * cutime and cstime (a pool closing an idle connection must not take its backend's time away).
 */
export function postgresCpuMs(postmasterPid: number): number {
  const own = statFields(postmasterPid);
  if (!own) return 0;
  // utime, stime, cutime, cstime: fields 14 to 17
  let total = (Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14])) * TICK_MS;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry); // undefined: gone between the listing and the read
    if (fields && Number(fields[1]) === postmasterPid) {
      total += (Number(fields[11]) + Number(fields[12])) * TICK_MS;
    }
  }
  return total;
}

/**
 * The postmaster of an embedded PostgreSQL whose data folder is `<dataDir>/pg` (bench/lib/
 * database.ts), or undefined for a server of DATABASE_URL, whose processes are not this run's.
 */
export function embeddedPostmasterPid(dataDir: string): number | undefined {
  const file = path.join(dataDir, 'pg', 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  return Number(readFileSync(file, 'utf8').split('\n')[0]);
}

/** This process's own CPU time (user and system), in ms: the in-process load generator's. */
export function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
