// `npm start`: builds whatever is missing or older than its sources, then runs
// the production server (embedded PostgreSQL unless DATABASE_URL is set).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(new URL('..', import.meta.url).pathname);
const at = (...p) => path.join(root, ...p);

function newestMtime(source) {
  if (!statSync(source).isDirectory()) return statSync(source).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(source, { withFileTypes: true })) {
    const full = path.join(source, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

function needsBuild(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((s) => existsSync(s) && newestMtime(s) > built);
}

function run(args) {
  // Builds are always production builds, whatever NODE_ENV the server will run with.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// A local .env (see .env.example) fills in whatever the environment leaves unset.
if (existsSync(at('.env'))) process.loadEnvFile(at('.env'));

const contract = at('packages/contract/src');
if (needsBuild(at('apps/api/dist/main.js'), [at('apps/api/src'), contract])) {
  console.log('[exhale] building the API');
  run(['run', 'build', '-w', '@exhale/api']);
}
if (
  // The last file the web build writes: the prerendered landing page (decision 062).
  needsBuild(at('apps/web/dist/pages/en/index.html'), [
    at('apps/web/src'),
    at('apps/web/public'),
    at('apps/web/scripts'),
    at('apps/web/index.html'),
    at('apps/web/vite.config.ts'),
    contract,
  ])
) {
  console.log('[exhale] building the web app');
  run(['run', 'build', '-w', '@exhale/web']);
}

// NODE_ENV stays as given: a real deployment sets production (and its secrets);
// a newcomer's machine keeps the local conveniences such as /dev/outbox.
process.env.WEB_DIST_DIR ??= at('apps/web/dist');
process.env.DATA_DIR ??= at('data');
await import(path.join(root, 'apps/api/dist/main.js'));
