// Import boundaries the linter enforces (decision 060). `npm run lint` (CI) fails on a crossing;
// eslint/boundaries.test.ts proves each rule fires.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webSrc = 'apps/web/src';
const features = readdirSync(path.join(root, webSrc, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Web: a feature imports its own files, `components/`, `lib/` and the contract, never another
 * feature (what two features share moves to `components/` or `lib/`); `app/` composes features and
 * is imported by none of them; `components/` and `lib/` know no feature; nothing in the browser
 * bundle imports the API's code.
 */
const webZones = [
  ...features.map((feature) => ({
    target: `${webSrc}/features/${feature}`,
    from: `${webSrc}/features`,
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move what both need to components/ or lib/.',
  })),
  {
    target: `${webSrc}/features`,
    from: `${webSrc}/app`,
    message: 'app/ composes the features; a feature does not import it.',
  },
  {
    target: [`${webSrc}/components`, `${webSrc}/lib`],
    from: [`${webSrc}/features`, `${webSrc}/app`],
    message: 'components/ and lib/ are shared by every feature and know none of them.',
  },
  {
    target: 'apps/web',
    from: 'apps/api',
    message: 'Only packages/contract is shared between the API and the web app.',
  },
  {
    target: 'packages/contract',
    from: 'apps',
    message: 'The contract depends on nothing of the apps that share it.',
  },
];

/**
 * API: a module's repositories are its own. Another module reaches it through its service; a
 * module's composition file (`*.module.ts`, where its service is built) may hand it another
 * module's repository, and a service may import that repository's type to declare what it is
 * given. `lib/` and `providers/` sit below the modules and import none of them.
 */
const apiZones = [
  {
    target: ['apps/api/src/lib', 'apps/api/src/providers'],
    from: ['apps/api/src/modules', 'apps/api/src/plugins'],
    message: 'lib/ and providers/ serve every module and import none.',
  },
];
/** A repository file of another module, as a path relative to the importing module's folder. */
const FOREIGN_REPOSITORY = '^\\.\\./[a-z0-9-]+/[^/]+\\.repository$';

/**
 * Services receive their repositories (issue 18 item 7): only a composition file (`*.module.ts`)
 * builds one, so every service's rules run against in-memory fakes in a unit test.
 */
export const repositoryConstructionRule = [
  'error',
  {
    selector: 'NewExpression[callee.name=/Repository$/]',
    message:
      'Only a composition file (*.module.ts) builds a repository: have it hand the repository ' +
      'to your service (lib/data-access.ts), or take it as a parameter.',
  },
];

export const webBoundaryRule = ['error', { basePath: root, zones: webZones }];
export const repositoryBoundaryRule = [
  'error',
  {
    patterns: [
      {
        regex: FOREIGN_REPOSITORY,
        allowTypeImports: true,
        message:
          "A module's repository is its own: reach the module through its service, or have " +
          'your composition file (*.module.ts) hand the repository to your service.',
      },
    ],
  },
];

export const boundaries = [
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Dependencies are parsed as TypeScript too, or no-cycle would not see their imports.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'packages/contract/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': webBoundaryRule,
    },
  },
  {
    files: ['apps/api/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: apiZones }],
    },
  },
  {
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['apps/api/src/modules/**/*.module.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': repositoryBoundaryRule,
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.module.ts', 'apps/api/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': repositoryConstructionRule,
    },
  },
];
