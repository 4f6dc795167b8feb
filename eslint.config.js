import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

const ROOT = import.meta.dirname;

/**
 * Web layers (docs/architecture.md, "Web app"): the app layer composes features; a feature
 * imports only components/, lib/ and the domain package, never another feature; components/
 * and lib/ import neither features nor the app layer. One zone per feature folder, so a new
 * feature is covered without editing this file.
 */
const WEB = 'apps/web/src';
const WEB_FEATURES = fs
  .readdirSync(`${ROOT}/${WEB}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const WEB_ZONES = [
  ...WEB_FEATURES.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move what both need to components/ or lib/.',
  })),
  {
    target: `${WEB}/features`,
    from: `${WEB}/app`,
    message: 'Features do not import the app layer; the app layer composes them.',
  },
  {
    target: [`${WEB}/components`, `${WEB}/lib`],
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'Shared code (components/, lib/) does not import features or the app layer.',
  },
];

/**
 * Server layers: lib/, db/ and plugins/ sit below the modules and never import them.
 *
 * TEMPORARY allow-list: the imports below break that rule today; the server restructuring
 * moves them (the repositories they need go below modules/). Each entry is a file and the
 * modules/ files it may still import; remove an entry when its imports are gone, and the
 * whole list when it is empty. Do not add entries.
 */
const SERVER_BOUNDARY_ALLOW_LIST = {
  'apps/server/src/lib/customer-scope.ts': ['./users/user-repository.ts'],
  'apps/server/src/plugins/authorize.ts': ['./users/user-repository.ts'],
  'apps/server/src/plugins/authenticate.ts': ['./auth/token-repository.ts', './users/user-repository.ts'],
};
const SERVER_LOWER = ['apps/server/src/lib', 'apps/server/src/db', 'apps/server/src/plugins'];
const serverZone = (except = []) => ({
  target: SERVER_LOWER,
  from: 'apps/server/src/modules',
  except,
  message: 'lib/, db/ and plugins/ do not import modules/: move what they need below modules/.',
});

/**
 * TEMPORARY allow-list of the one import cycle that exists today (team style guide, "Where the
 * house creaks"): db/client.ts and db/migrate.ts import each other. Remove both entries when
 * that is mended. Do not add entries.
 */
const CYCLE_ALLOW_LIST = ['apps/server/src/db/client.ts', 'apps/server/src/db/migrate.ts'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**', '**/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    languageOptions: {
      // Type-aware rules: each file is checked with the tsconfig.json of its workspace.
      parserOptions: { projectService: true, tsconfigRootDir: ROOT },
    },
    settings: {
      // What import-x reads to follow imports (no-cycle, no-restricted-paths): TypeScript files,
      // resolved like Node/Vite do (relative paths and workspace packages, no path aliases).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: WEB_ZONES }] },
  },
  {
    files: SERVER_LOWER.map((folder) => `${folder}/**/*.ts`),
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: [serverZone()] }] },
  },
  ...Object.entries(SERVER_BOUNDARY_ALLOW_LIST).map(([file, allowed]) => ({
    files: [file],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: [serverZone(allowed)] }] },
  })),
  ...CYCLE_ALLOW_LIST.map((file) => ({ files: [file], rules: { 'import-x/no-cycle': 'off' } })),
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The domain package is pure: no I/O, usable in the browser. Its tests may read files.
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path', 'drizzle-orm*', 'react*'] }] },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', fetch: 'readonly' } },
  },
);
