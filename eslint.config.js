import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

// Server boundaries (ARCHITECTURE.md): a module reaches another only through its index.ts;
// reports/ may also read any module's schema; platform/ knows no module.
const serverModules = readdirSync('apps/server/src/modules', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverZones = [
  {
    target: './apps/server/src/platform',
    from: './apps/server/src/modules',
    message: 'platform/ knows no business: it never imports a module.',
  },
  ...serverModules.flatMap((module) =>
    serverModules
      .filter((other) => other !== module)
      .map((other) => ({
        target: `./apps/server/src/modules/${module}`,
        from: `./apps/server/src/modules/${other}`,
        except: module === 'reports' ? ['./index.ts', './schema.ts'] : ['./index.ts'],
        message:
          module === 'reports'
            ? `reports/ reads ${other}'s tables through its schema; anything else through its index.ts.`
            : `A module reaches another only through its index.ts: ${other}'s tables, store and internals are its own.`,
      })),
  ),
];

// ---------------------------------------------------------------------------------------------
// apps/web: the shape of the code (STYLE.md, "From bulletproof-react").
//
//   app/  ──►  features/<f>/  ──►  components/, hooks/, lib/  (and locales/, fonts.ts)
//
// app/ (router, providers, layouts, route-level tests) composes features; a feature uses the
// shared folders and its own files, never another feature and never app/; the shared folders
// know no feature. testing/ is test support: only tests and testing/ itself import it.
// Paths are absolute so that the zones hold whatever directory eslint runs from.
// ---------------------------------------------------------------------------------------------
const webSrc = path.join(import.meta.dirname, 'apps/web/src');
const web = (...parts) => path.join(webSrc, ...parts);
const webFeatures = readdirSync(web('features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const webZones = [
  // One zone per feature: everything under features/ except the feature itself.
  ...webFeatures.map((feature) => ({
    target: web('features', feature),
    from: web('features'),
    except: [`./${feature}`],
    message:
      `A feature never imports another feature: features/${feature} may use components/, ` +
      'hooks/, lib/ and its own files. Move what two features share into one of those, or ' +
      'compose the features in a route under app/.',
  })),
  {
    target: web('features'),
    from: [web('app'), web('main.tsx')],
    message:
      'A feature never imports app/: app/ composes features, not the other way round. Move ' +
      'what the feature needs into components/, hooks/ or lib/.',
  },
  {
    target: [web('components'), web('hooks'), web('lib'), web('locales'), web('fonts.ts')],
    from: [web('features'), web('app'), web('main.tsx')],
    message:
      'Shared code (components/, hooks/, lib/, locales/) never imports features/ or app/: it ' +
      'knows no feature. Take what it needs as props or arguments.',
  },
  {
    target: [web('hooks'), web('lib')],
    from: web('components'),
    message: 'hooks/ and lib/ never import components/: components use them, not the other way.',
  },
  {
    // Every source file but tests; testing/ itself may import anything.
    target: `${webSrc}/{app,components,features,hooks,lib,locales}/**/!(*.test).{ts,tsx}`,
    from: [`${webSrc}/testing/**`],
    message: 'Only tests import testing/: it must never reach the built app.',
  },
];

// ---------------------------------------------------------------------------------------------
// apps/console: the operator back office. It imports only packages/contracts and packages/games
// (never the server's or the web app's code). app/ composes the screens; a feature under
// features/ uses auth/, components/ and lib/ and never another feature or app/.
// ---------------------------------------------------------------------------------------------
const consoleSrc = path.join(import.meta.dirname, 'apps/console/src');
const consolePath = (...parts) => path.join(consoleSrc, ...parts);
const consoleFeatures = readdirSync(consolePath('features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const consoleZones = [
  ...consoleFeatures.map((feature) => ({
    target: consolePath('features', feature),
    from: consolePath('features'),
    except: [`./${feature}`],
    message:
      'A console feature never imports another feature: share through components/ or lib/, ' +
      'or compose them in app/.',
  })),
  {
    target: [
      consolePath('features'),
      consolePath('auth'),
      consolePath('components'),
      consolePath('lib'),
    ],
    from: [consolePath('app'), consolePath('main.tsx')],
    message: 'Only app/ knows the page list and the router: take what you need as props.',
  },
  {
    target: [consolePath('auth'), consolePath('components'), consolePath('lib')],
    from: consolePath('features'),
    message: 'Shared console code (auth/, components/, lib/) knows no feature.',
  },
  {
    target: consolePath('lib'),
    from: [consolePath('components'), consolePath('auth')],
    message: 'lib/ never imports components/ or auth/: they use it, not the other way.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Module boundaries and no cycles in the server's source (tests may look anywhere).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/test/**'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: 'apps/server/tsconfig.json' }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: serverZones }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    // A table may reference another module's table in a foreign key, and nothing more.
    files: ['apps/server/src/modules/*/schema.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: serverZones.map((zone) =>
            zone.except ? { ...zone, except: [...new Set([...zone.except, './schema.ts'])] } : zone,
          ),
        },
      ],
    },
  },
  {
    // The settled-bet stream is the wagering kernel's: only modules/play names its table, in an
    // import or in SQL; every other module reads it through play's index.ts (the cursor, the
    // report reads). The vendors' seamless wallet keeps its reads until it is the kernel's adapter.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: [
      'apps/server/src/modules/play/**',
      'apps/server/src/modules/games/seamless.ts',
      'apps/server/src/modules/games/schema.ts',
      'apps/server/src/**/*.test.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/schema'],
              importNames: ['betRecords'],
              message: 'Bet records are the settled-bet stream: read them through ../play.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TemplateElement[value.raw=/\\bbet_records\\b/]',
          message: 'Bet records are the settled-bet stream: read them through ../play.',
        },
        {
          selector: "MemberExpression[property.name='ledger'][object.property.name='wallet']",
          message:
            'The ledger is the wallet module’s: move money through a named wallet operation.',
        },
        {
          selector: "MemberExpression[property.name='ledger'][object.name='wallet']",
          message:
            'The ledger is the wallet module’s: move money through a named wallet operation.',
        },
      ],
    },
  },
  {
    // The ledger is written only through the wallet's named operations (hold, settle, void, grant,
    // deposit, …): no other module reaches into `wallet.ledger`. (The files above that may name
    // the bet records table get this rule alone.)
    files: [
      'apps/server/src/modules/play/**/*.ts',
      'apps/server/src/modules/games/seamless.ts',
      'apps/server/src/modules/games/schema.ts',
    ],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='ledger'][object.property.name='wallet']",
          message:
            'The ledger is the wallet module’s: move money through a named wallet operation.',
        },
        {
          selector: "MemberExpression[property.name='ledger'][object.name='wallet']",
          message:
            'The ledger is the wallet module’s: move money through a named wallet operation.',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The web app speaks to the server only through packages/contracts.
      'no-restricted-imports': ['error', { patterns: ['**/apps/server/**', '@taya/server'] }],
    },
  },
  {
    // The web app's import boundaries; its resolver settings stay in this block.
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without this, import-x skips TypeScript files when it follows imports (no-cycle).
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: path.join(import.meta.dirname, 'apps/web/tsconfig.json'),
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: webZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/console/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: path.join(import.meta.dirname, 'apps/console/tsconfig.json'),
        }),
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The console speaks to the server only through packages/contracts (and may run the games'
      // pure engines); nothing of the server or the player app.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '**/apps/server/**',
            '**/apps/web/**',
            '**/server/src/**',
            '**/web/src/**',
            '@taya/server',
            '@taya/server/*',
            '@taya/web',
            '@taya/web/*',
          ],
        },
      ],
      'import-x/no-restricted-paths': ['error', { zones: consoleZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['packages/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/apps/**'] }] },
  },
  {
    // The game engines run in the browser too (the web verifies draws with the server's code).
    // Tests may use Node as an independent reference. A rule of its own name, so the block above
    // still applies here.
    files: ['packages/games/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(node:|(${builtinModules.join('|')})(/|$))`,
              message:
                'packages/games must stay browser-safe: no Node built-ins. Hash with @noble/hashes; take randomness from the caller or crypto.getRandomValues (see packages/games/README.md).',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['Buffer', 'process', 'require', '__dirname', '__filename'].map((name) => ({
          name,
          message:
            'packages/games must stay browser-safe: no Node globals (Uint8Array for bytes; settings come from the caller).',
        })),
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'e2e/**/*.ts', 'bench/**/*.ts', '.ci/**/*.mjs'],
    rules: { 'no-console': 'off' },
  },
);
