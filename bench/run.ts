/**
 * `npm run bench` (full budgets) and `npm run bench:quick` (what CI runs): every check runs even
 * when an earlier one misses, then one summary, exit 1 when any missed.
 */
import { spawnSync } from 'node:child_process';
import { ensureBuilt, ROOT } from './lib/api-process';

const quick = process.argv.includes('--quick');

/** Each entry: a script of this workspace and its arguments. */
const FULL: string[][] = [
  ['frontend:bundle'],
  // Each page judged against the no-script floor measured beside it in the same run.
  ['lighthouse'],
  ['api-load'],
  ['scale-out'],
  ['messaging-schedule'],
  ['faults'],
  ['admin-metrics'],
];
// CI's quick set: correctness across processes and under faults, and the bundle budgets (sizes
// do not depend on the machine). Throughput and Lighthouse figures need a quiet machine, so CI
// does not judge them.
const QUICK: string[][] = [
  ['frontend:bundle'],
  ['scale-out', '--', '--quick', '--checks-only'],
  ['faults', '--', '--quick'],
];

ensureBuilt();
const results = (quick ? QUICK : FULL).map(([script, ...args]) => {
  const started = Date.now();
  const run = spawnSync('npm', ['run', '--silent', script!, '-w', '@exhale/bench', ...args], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  return {
    name: [script, ...args.slice(1)].join(' '),
    ok: run.status === 0,
    seconds: (Date.now() - started) / 1000,
  };
});

process.stdout.write('\nbench summary\n');
for (const r of results) {
  process.stdout.write(`  ${r.ok ? 'PASS' : 'FAIL'}  ${r.name}  (${r.seconds.toFixed(0)} s)\n`);
}
process.exitCode = results.every((r) => r.ok) ? 0 : 1;
