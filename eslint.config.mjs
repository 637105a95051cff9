import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Everything above the shared code and the provider contract. */
const TILL_AND_SERVICE = [
  '**/main/**',
  '**/renderer/**',
  '**/preload/**',
  '**/web-host/**',
  '**/training-service/**',
];

/** One layer's rule: files matching `files` may not import what `patterns` name. */
const restrictImports = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

export default tseslint.config(
  { ignores: ['node_modules/**', 'out/**', 'dist/**', 'release/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Layering (VS Code's rule): lower layers never import upper ones.
  restrictImports(
    ['src/shared/**/*.ts'],
    [
      {
        group: ['**/provider/**', ...TILL_AND_SERVICE],
        message: 'src/shared is the bottom layer: it imports nothing above it.',
      },
      {
        group: ['node:*', 'electron', 'better-sqlite3'],
        message: 'src/shared is pure code used by both processes.',
      },
    ],
  ),
  // The provider contract: what the till and the training service both speak, below both.
  restrictImports(
    ['src/provider/**/*.ts'],
    [
      {
        group: TILL_AND_SERVICE,
        message: 'src/provider sits below the till and the training service: it imports only src/shared.',
      },
      {
        group: ['electron', 'better-sqlite3'],
        message: 'src/provider describes the provider; it keeps no state.',
      },
    ],
  ),
  restrictImports(
    ['src/renderer/**/*.{ts,tsx}'],
    [
      {
        group: [
          '**/main/**',
          '**/provider/**',
          '**/web-host/**',
          '**/training-service/**',
          'node:*',
          'electron',
        ],
        message: 'The renderer reaches the main process only through the IPC contract.',
      },
    ],
  ),
  restrictImports(
    ['src/training-service/**/*.ts'],
    [
      {
        group: ['**/main/**', '**/renderer/**', '**/web-host/**'],
        message:
          'The training service speaks the provider contract (src/provider) and never reaches into the till.',
      },
    ],
  ),
  restrictImports(
    ['src/main/**/*.ts'],
    [
      {
        group: ['**/renderer/**', '**/web-host/**'],
        message: 'The main process never imports the renderer or the web host.',
      },
    ],
  ),
);
