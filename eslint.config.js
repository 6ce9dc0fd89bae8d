import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import moduleWalls from './eslint-rules/module-walls.js';

const API_MODULES = `${import.meta.dirname}/apps/api/src/modules`;
const WEB_FEATURES = `${import.meta.dirname}/apps/web/src/features`;

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/dist-server/**', '**/node_modules/**', 'data/**', '**/.tmp/**', 'test-results/**', 'playwright-report/**', 'apps/api/src/db/migrations/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Only the API client talks to the network (STYLE.md, convention 6).
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Use src/lib/api-client.ts.' }],
    },
  },
  {
    // A module (API) or a feature (web) never reaches into another one's files, tests included: what
    // several share goes to lib/ (components/ in the web) or is handed in by the composition root.
    // The rest of the web reaches a feature only through its index.
    files: ['apps/api/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    plugins: { local: { rules: { 'module-walls': moduleWalls } } },
    rules: { 'local/module-walls': ['error', { walls: [API_MODULES, WEB_FEATURES], entryOnly: [WEB_FEATURES] }] },
  },
  {
    // The API's test files share their worker's modules (isolate: false in apps/api/vitest.config.ts):
    // a module mocked or a global stubbed in one file would leak into the next.
    files: ['apps/api/src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'stubGlobal', 'stubEnv'].map((property) => ({
          object: 'vi',
          property,
          message: 'API test files share their modules (isolate: false): hand the test double in instead.',
        })),
      ],
    },
  },
  {
    // The web's test files share their worker's modules too (apps/web/vitest.config.ts); a stubbed
    // global is undone after each test (test/setup.ts), a replaced module would stay replaced.
    files: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock'].map((property) => ({
          object: 'vi',
          property,
          message: 'Web test files share their modules (isolate: false): spy on an object the code calls through (vi.spyOn) instead.',
        })),
      ],
    },
  },
  {
    files: ['apps/web/src/lib/api-client.ts', 'apps/web/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    files: ['packages/contracts/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      // The contracts package depends on zod and nothing else, so both sides can use it.
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!zod$|\\.)', message: 'contracts may only import zod.' }] }],
    },
  },
);
