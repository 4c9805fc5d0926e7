import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// One lint configuration for the whole repository. Import direction (conventions, habit 7) is
// enforced with no-restricted-imports: core imports no app; api never imports web and vice versa;
// an API module reaches another only through its service, and a service holds no SQL (its
// repository does); a web feature reaches another only through its public entry (index.ts).
// apps/api/src/test/lint-rules.test.ts proves each rule fires. A file gets one no-restricted-imports
// setting (the last matching block wins), so each block repeats the patterns that still apply.
const noApiInWeb = { group: ['**/apps/api/**', '@mizan/api'], message: 'The web app never imports the API.' };
const noWebInApi = { group: ['**/apps/web/**', '@mizan/web'], message: 'The API never imports the web app.' };
const throughService = 'A module reaches another module only through its service (x.service.ts).';
const throughEntry =
  "A feature reaches another feature only through its public entry: '../../<feature>' (features/<feature>/index.ts).";
const sqlInRepository = "SQL belongs in the module's repository (x.repository.ts); the service calls it.";
const repositoryOrRoutes = { regex: '^\\.\\./[a-z-]+/[a-z-]+\\.(repository|routes)$', message: throughService };

/**
 * The API's modules from the bottom up (issue 47: no cycle between modules). A module imports only
 * modules of a lower layer, so no two modules can reach each other: the money module (mutasi) sits
 * below every workflow that posts money, and a workflow whose request waits for approval registers
 * its handler with persetujuan instead of persetujuan importing it. A new module is placed here
 * (apps/api/src/test/lint-rules.test.ts fails while one is missing).
 */
export const moduleLayers = [
  ['auth', 'reactions'],
  ['activities'],
  ['backup', 'dashboard', 'health', 'settings', 'users'],
  ['portfolio', 'profil-lembaga'],
  ['ekspor', 'notifikasi'],
  ['akuntansi', 'laporan', 'mutasi', 'nasabah', 'tunggakan', 'wa-recipients'],
  ['dokumen', 'ledger', 'persetujuan', 'wa-sessions'],
  ['pengingat', 'pinjaman'],
  ['tazir', 'wa-messages'],
  ['pembayaran'],
  ['hapus-buku', 'impor', 'pelunasan', 'penjadwalan'],
];
/** One block per module: the module rules above plus the modules of its own layer and above, refused. */
const layerBlocks = moduleLayers.flatMap((layer, index) =>
  layer.map((module) => {
    const notBelow = moduleLayers
      .slice(index)
      .flat()
      .filter((other) => other !== module);
    return {
      files: [`apps/api/src/modules/${module}/*.ts`],
      ignores: ['**/*.test.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              noWebInApi,
              repositoryOrRoutes,
              {
                regex: `^\\.\\./(${notBelow.join('|')})/`,
                message: `Modules import only modules of a lower layer (eslint.config.js moduleLayers): ${module} may not import ${notBelow.join(', ')}.`,
              },
            ],
          },
        ],
      },
    };
  }),
);

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
        {
          patterns: [
            noWebInApi,
            // The composition root (app.ts, modules/index.ts) registers routes; nobody outside a module reads its repository.
            { regex: '(^|/)modules/[a-z-]+/[a-z-]+\\.repository$', message: throughService },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/modules/*/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noWebInApi, repositoryOrRoutes] }],
    },
  },
  ...layerBlocks,
  {
    // Services, routes and plugins hold no SQL: it lives in repositories (and db/ for the shared plumbing).
    files: ['apps/api/src/modules/*/*.{service,routes}.ts', 'apps/api/src/plugins/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)$/]',
          message: sqlInRepository,
        },
        { selector: "TaggedTemplateExpression[tag.name='sql']", message: sqlInRepository },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [noApiInWeb] }],
    },
  },
  {
    // Inside a feature's folders (api/, components/, hooks/): '../../<other>/…' is another feature's inside.
    files: ['apps/web/src/features/*/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [noApiInWeb, { regex: '^\\.\\./\\.\\./[a-z-]+/.', message: throughEntry }] },
      ],
    },
  },
  {
    // A feature's top-level files (types.ts, index.ts): '../<other>/…'.
    files: ['apps/web/src/features/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noApiInWeb, { regex: '^\\.\\./[a-z-]+/.', message: throughEntry }] }],
    },
  },
  {
    // Pages compose features through their public entries too.
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noApiInWeb] }],
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
