import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/main/**',
                '**/renderer/**',
                '**/preload/**',
                '**/web-host/**',
                '**/training-service/**',
              ],
              message: 'src/shared is the bottom layer: it imports nothing above it.',
            },
            {
              group: ['node:*', 'electron', 'better-sqlite3'],
              message: 'src/shared is pure code used by both processes.',
            },
          ],
        },
      ],
    },
  },
  {
    // The provider contract: what the till and the training service both speak, below both.
    files: ['src/provider/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/main/**',
                '**/renderer/**',
                '**/preload/**',
                '**/web-host/**',
                '**/training-service/**',
              ],
              message:
                'src/provider sits below the till and the training service: it imports only src/shared.',
            },
            {
              group: ['electron', 'better-sqlite3'],
              message: 'src/provider describes the provider; it keeps no state.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
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
        },
      ],
    },
  },
  {
    files: ['src/training-service/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/main/**', '**/renderer/**', '**/web-host/**'],
              message:
                'The training service speaks the provider contract (src/provider) and never reaches into the till.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/main/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/renderer/**', '**/web-host/**'],
              message: 'The main process never imports the renderer or the web host.',
            },
          ],
        },
      ],
    },
  },
);
