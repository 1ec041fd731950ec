import path from 'node:path';
import { readFileSync } from 'node:fs';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPOSITORY_CROSSINGS_TO_COMPOSE, repositoryBoundaryRule } from './boundaries.js';

// The project's own ESLint configuration, run on snippets placed where a developer would write
// them: `npm run lint` in CI must refuse each crossing and let the allowed imports through.
const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

// Loading the configuration and its resolver takes a few seconds on a busy machine.
beforeAll(() => eslint.calculateConfigForFile(path.join(root, 'eslint.config.js')), 60_000);

async function boundaryErrors(file: string, code: string, linter = eslint): Promise<string[]> {
  const [result] = await linter.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((message) =>
      [
        'import-x/no-restricted-paths',
        'import-x/no-cycle',
        '@typescript-eslint/no-restricted-imports',
      ].includes(message.ruleId ?? ''),
    )
    .map((message) => `${message.ruleId}: ${message.message}`);
}

describe('web boundaries', { timeout: 30_000 }, () => {
  it('refuses a feature importing another feature', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/dashboard/routes/probe.tsx',
      "import { reportProgress } from '../../lessons/api';\nexport const probe = reportProgress;\n",
    );
    expect(errors).toEqual([expect.stringContaining('A feature never imports another feature')]);
  });

  it('lets a feature import its own files, components/, lib/ and the contract', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/lessons/routes/probe.tsx',
      [
        "import { reportProgress } from '../api';",
        "import { Button } from '../../../components/ui/button';",
        "import { notify } from '../../../lib/toast';",
        "import { Messages } from '@exhale/contract/messages';",
        'export const probe = [reportProgress, Button, notify, Messages];',
      ].join('\n') + '\n',
    );
    expect(errors).toEqual([]);
  });

  it('refuses lib/ or components/ importing a feature or the app shell', async () => {
    expect(
      await boundaryErrors(
        'apps/web/src/lib/probe.ts',
        "import { reportProgress } from '../features/lessons/api';\nexport const probe = reportProgress;\n",
      ),
    ).toEqual([expect.stringContaining('know none of them')]);
    expect(
      await boundaryErrors(
        'apps/web/src/components/ui/probe.tsx',
        "import { Splash } from '../../app/splash';\nexport const probe = Splash;\n",
      ),
    ).toEqual([expect.stringContaining('know none of them')]);
  });

  it("refuses the web app importing the API's code", async () => {
    const errors = await boundaryErrors(
      'apps/web/src/lib/probe.ts',
      "import { isUuid } from '../../../api/src/lib/ids';\nexport const probe = isUuid;\n",
    );
    expect(errors).toEqual([expect.stringContaining('Only packages/contract is shared')]);
  });

  it('refuses an import cycle', async () => {
    // lesson-video imports the lessons api; the api importing lesson-video closes a loop.
    const errors = await boundaryErrors(
      'apps/web/src/features/lessons/api.ts',
      "import { LessonVideo } from './components/lesson-video';\nexport const probe = LessonVideo;\n",
    );
    expect(errors).toEqual([expect.stringContaining('import-x/no-cycle')]);
  });
});

describe('API boundaries', { timeout: 30_000 }, () => {
  const crossing =
    "import { UsersRepository } from '../users/users.repository';\nexport const probe = UsersRepository;\n";

  it("refuses a module's service building another module's repository", async () => {
    expect(await boundaryErrors('apps/api/src/modules/quiz/probe.service.ts', crossing)).toEqual([
      expect.stringContaining("A module's repository is its own"),
    ]);
  });

  it('lets a service declare the repository it is given, and the composition file build it', async () => {
    expect(
      await boundaryErrors(
        'apps/api/src/modules/quiz/probe.service.ts',
        "import type { UsersRepository } from '../users/users.repository';\nexport type Probe = UsersRepository;\n",
      ),
    ).toEqual([]);
    expect(await boundaryErrors('apps/api/src/modules/quiz/quiz.module.ts', crossing)).toEqual([]);
  });

  it('lets a module use its own repository and another module through its service', async () => {
    expect(
      await boundaryErrors(
        'apps/api/src/modules/quiz/probe.service.ts',
        "import { QuizRepository } from './quiz.repository';\nimport { Outbox } from '../outbox/outbox.service';\nexport const probe = [QuizRepository, Outbox];\n",
      ),
    ).toEqual([]);
  });

  it('refuses lib/ importing a module', async () => {
    expect(
      await boundaryErrors(
        'apps/api/src/lib/probe.ts',
        "import { Outbox } from '../modules/outbox/outbox.service';\nexport const probe = Outbox;\n",
      ),
    ).toEqual([expect.stringContaining('lib/ and providers/ serve every module')]);
  });
});

describe('the lists of crossings still to remove', { timeout: 30_000 }, () => {
  // Linted without their exemption, each listed file must still cross; once it does not, its entry
  // goes, so the lists only shrink.
  const strict = new ESLint({
    cwd: root,
    overrideConfig: [
      {
        files: REPOSITORY_CROSSINGS_TO_COMPOSE,
        rules: { '@typescript-eslint/no-restricted-imports': repositoryBoundaryRule },
      },
    ] as Linter.Config[],
  });

  it.each(REPOSITORY_CROSSINGS_TO_COMPOSE)('%s still crosses a boundary', async (file) => {
    const code = readFileSync(path.join(root, file), 'utf8');
    expect(await boundaryErrors(file, code, strict)).not.toEqual([]);
  });
});
