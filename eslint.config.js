import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';

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
 * Server layers (docs/architecture.md, "Server layers"), from the bottom: lib/ and db/, then
 * identity/, then plugins/, then modules/, then the composition root (app.ts,
 * telemetry-pipeline.ts, jobs/, server.ts). A layer never imports one above it.
 */
const SERVER = 'apps/server/src';
const SERVER_ZONES = [
  { target: [`${SERVER}/lib`, `${SERVER}/db`], from: [`${SERVER}/identity`, `${SERVER}/plugins`, `${SERVER}/modules`] },
  { target: `${SERVER}/identity`, from: [`${SERVER}/plugins`, `${SERVER}/modules`] },
  { target: `${SERVER}/plugins`, from: `${SERVER}/modules` },
  {
    target: [`${SERVER}/lib`, `${SERVER}/db`, `${SERVER}/identity`, `${SERVER}/plugins`, `${SERVER}/modules`],
    from: [`${SERVER}/app.ts`, `${SERVER}/telemetry-pipeline.ts`, `${SERVER}/jobs`, `${SERVER}/server.ts`],
  },
].map((zone) => ({ ...zone, message: 'A server layer does not import a layer above it: move what both need down.' }));

/**
 * The order among server modules (docs/architecture.md, "Server layers"): what each module builds
 * on, directly. A module may import what it builds on, directly or through another module, and
 * nothing else: never a module that builds on it, nor a sibling it does not build on. A module
 * folder missing here builds on no other module. The table must stay free of circles.
 */
const MODULE_BUILDS_ON = {
  places: [],
  auth: [],
  alerts: [],
  // The alarm store (docs/alarms.md): alarm subjects, one open per subject, the timeline; hands the
  // readings announced by e-mail to the alerts' outbox.
  'alarm-store': ['alerts'],
  intake: [],
  'network-servers': [],
  connectors: [],
  dashboard: [],
  health: [],
  maintenance: [],
  customers: ['places'],
  // External platforms (docs/platforms.md): reads the places' endpoints.
  platforms: ['places'],
  products: ['places'],
  users: ['auth'],
  // API keys (docs/api-keys.md): the users' rules for what a maker may give (assertMayGrant, customers by name).
  'api-keys': ['users'],
  // Single sign-on (docs/sso.md): users created on first sign-in through the users' own create.
  sso: ['users'],
  // The forgotten password (docs/users.md): the sign-in's limits, its e-mail through the alerts' outbox.
  'password-reset': ['auth', 'alerts'],
  // Two-factor sign-in (docs/users.md): the sign-in's limits; the customer parameter of its setting.
  'two-factor': ['auth', 'places'],
  downlinks: ['intake'],
  locations: ['customers'],
  gateways: ['locations', 'alarm-store'],
  intervals: ['locations'],
  'calibration-logs': ['locations'],
  devices: ['gateways', 'downlinks', 'network-servers', 'alarm-store'],
  calibration: ['devices'],
  // Alarms as records (docs/alarms.md): the node scope of GET /devices/:eui/alarms.
  alarms: ['devices'],
  // The intake opens and closes alarms in its own transaction (alarm-store/observed-alarms.ts).
  telemetry: ['devices', 'alerts', 'intake', 'alarms', 'platforms'],
  // The monthly logbook e-mail goes through the alerts' outbox (monthly-logbook-job.ts).
  // Deviations of the logbook as records (docs/logbook.md, "Deviations"): scoped by location.
  deviations: ['locations'],
  // Planned thermal disinfections (docs/logbook.md, "Thermal disinfection"): scoped by location.
  disinfections: ['locations'],
  // The report materialises its deviations and reads their actions (deviations-repository.ts), and checks the planned disinfections.
  logbook: ['locations', 'alerts', 'deviations', 'disinfections'],
  // Alarm e-mails go through the alerts' outbox; escalation settings belong to a customer.
  'alarm-notifications': ['alerts', 'customers', 'alarm-store', 'alarm-channels', 'locations'],
  // Teams, Slack and SMS (docs/alarm-notifications.md, "Channels"): their outbox writes the timeline's 'messaged' steps.
  'alarm-channels': ['alarm-store'],
  // The live change stream (docs/events.md): lib/change-feed and identity only.
  events: [],
  // The label sheet (docs/field-work.md): the nodes a user may see, a location's nodes, a location's outlets.
  labels: ['devices', 'outlets'],
  // Sampling (docs/sampling.md): scoped by location; a result at or above the threshold opens its sample point's alarm;
  // each result goes to the external platforms' outbox in the entry's transaction (platform-outbox.ts), as the intake's readings do.
  sampling: ['locations', 'alarm-store', 'platforms'],
  // Outlets and checks (docs/outlets.md): scoped by location; the sampling place, CSV reader and sample points they link to.
  outlets: ['locations', 'sampling'],
  // Webhooks (docs/webhooks.md): their outbox is written by triggers in the events' own transactions (0045_webhooks.sql),
  // the sending by lib/outbound (shared with platforms); no module below is needed.
  webhooks: [],
};

/** Everything `module` builds on, directly or through other modules; throws on a circle. */
function buildsOn(module, path = []) {
  if (path.includes(module)) throw new Error(`eslint.config.js: MODULE_BUILDS_ON has a circle: ${[...path, module].join(' -> ')}`);
  const direct = MODULE_BUILDS_ON[module] ?? [];
  return [...new Set(direct.flatMap((below) => [below, ...buildsOn(below, [...path, module])]))];
}

const SERVER_MODULES = fs
  .readdirSync(`${ROOT}/${SERVER}/modules`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const MODULE_ZONES = SERVER_MODULES.map((module) => ({
  target: `${SERVER}/modules/${module}`,
  from: `${SERVER}/modules`,
  except: [module, ...buildsOn(module)].map((allowed) => `./${allowed}`),
  message: `modules/${module} builds on ${buildsOn(module).join(', ') || 'no other module'} only (MODULE_BUILDS_ON in eslint.config.js): move what both need down, or wire it in telemetry-pipeline.ts/app.ts.`,
}));

/**
 * Test code: the test files, the fixtures beside them (`*.fixture.ts`) and the `src/test/` folders.
 * Production code never imports it (a fixture among the modules once pulled src/test/ in).
 */
const TEST_CODE = ['**/src/test/**', '**/*.test.{ts,tsx}', '**/*.fixture.{ts,tsx}'];
const TEST_ZONE = {
  target: '**/*',
  from: TEST_CODE,
  message: 'Production code does not import test code (src/test/, *.test.ts, *.fixture.ts).',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**', '**/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    languageOptions: {
      // Type-aware rules, in the three programs the type check builds (scripts/lib.mjs, TS_PROJECTS): the
      // Node side in one (server, simulator, domain, the root's files), the web app, the browser tests.
      // A file is linted in the first that holds it. With each workspace's own tsconfig.json
      // (projectService) the server's program held the domain again and the simulator's the server:
      // 89 CPU-s where these three take 68 (docs/testing.md, "Fifth step").
      parserOptions: { project: ['./tsconfig.node.json', './apps/web/tsconfig.json', './e2e/tsconfig.json'], tsconfigRootDir: ROOT },
    },
    settings: {
      // What import-x reads to follow imports (no-restricted-paths): TypeScript files,
      // resolved like Node/Vite do (relative paths and workspace packages, no path aliases).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      // Import cycles: scripts/check-cycles.mjs in the lint step (import-x/no-cycle was half of ESLint's CPU).
    },
  },
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: WEB_ZONES }] },
  },
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    ignores: TEST_CODE,
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: [...WEB_ZONES, TEST_ZONE] }] },
  },
  {
    files: [`${SERVER}/**/*.ts`],
    // Tests and fixtures may reach across layers (a test of lib/ builds the whole app).
    ignores: TEST_CODE,
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: [...SERVER_ZONES, ...MODULE_ZONES, TEST_ZONE] }] },
  },
  {
    files: ['packages/*/src/**/*.ts', 'tools/*/src/**/*.ts'],
    ignores: TEST_CODE,
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: [TEST_ZONE] }] },
  },
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
