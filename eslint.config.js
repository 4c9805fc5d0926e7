import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// One lint configuration for the whole repository. Import direction (conventions, habit 7) is
// enforced with no-restricted-imports: core imports no app; api never imports web and vice versa;
// web features do not import each other's internals through the app layer.
export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data*/**', 'test-results/**', 'bench/results/**', '**/*.d.mts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['apps/api/src/db/migrations/**', 'apps/api/src/db/migrator.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['packages/core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@mizan/api', '@mizan/web', 'node:*'],
              message: '@mizan/core is pure: no app code, no Node APIs.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/web/**', '@mizan/web'], message: 'The API never imports the web app.' }] },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/api/**', '@mizan/api'], message: 'The web app never imports the API.' }] },
      ],
    },
  },
  {
    files: ['apps/web/src/components/ui/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/**', '**/app/**'], message: 'The design system imports no feature.' }] },
      ],
    },
  },
);
