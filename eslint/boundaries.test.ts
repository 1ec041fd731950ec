import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

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
        'no-restricted-syntax',
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
    // use-lesson-player imports the lessons api; the api importing it closes a loop.
    const errors = await boundaryErrors(
      'apps/web/src/features/lessons/api.ts',
      "import { useLessonPlayer } from './use-lesson-player';\nexport const probe = useLessonPlayer;\n",
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

  it("refuses a service or a plugin building a repository, even its own module's", async () => {
    const building =
      "import { QuizRepository } from './quiz.repository';\nexport const probe = (db: never) => new QuizRepository(db);\n";
    expect(await boundaryErrors('apps/api/src/modules/quiz/probe.service.ts', building)).toEqual([
      expect.stringContaining('Only a composition file (*.module.ts) builds a repository'),
    ]);
    expect(
      await boundaryErrors(
        'apps/api/src/plugins/probe.ts',
        "import { QuizRepository } from '../modules/quiz/quiz.repository';\nexport const probe = (db: never) => new QuizRepository(db);\n",
      ),
    ).toEqual([expect.stringContaining('Only a composition file')]);
    expect(await boundaryErrors('apps/api/src/modules/quiz/quiz.module.ts', building)).toEqual([]);
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
