import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { boundaries } from './tools/eslint/boundaries.js';
import { browserOnly, domainPurity, noEnvironment } from './tools/eslint/restricted-globals.js';
import { statusCodes } from './tools/eslint/status-codes.js';
import { apiPaths } from './tools/eslint/api-paths.js';
import { clock } from './tools/eslint/clock.js';

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'coverage', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    // One TypeScript program per tsconfig.json found next to the file (the root one covers
    // src, eventstore, scripts, tests and the root config files).
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  {
    plugins: { boundaries },
    rules: {
      // Area allow-lists and web zones: tools/eslint/areas.js.
      'boundaries/imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // The promise rules: a promise is awaited, returned, or voided with a reason.
      '@typescript-eslint/no-floating-promises': [
        'error',
        // react-router's navigate() returns a promise only under a data router and handles its own failures.
        { allowForKnownSafeCalls: [{ from: 'package', name: 'NavigateFunction', package: 'react-router' }] },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/require-await': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'eventstore/**/*.ts'],
    // main.ts reads the environment; the domain and the web may not touch `process` at all (below).
    ignores: ['src/main.ts', 'src/domain/**', 'src/web/**'],
    rules: noEnvironment,
  },
  {
    // An error since every function was split below 80 lines: a long one does not come back.
    files: ['src/**/*.{ts,tsx}', 'eventstore/**/*.ts', 'scripts/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  { files: ['src/domain/**/*.ts'], plugins: { clock }, rules: { ...domainPurity, 'clock/no-clock-aliases': 'error' } },
  {
    // The order machine is the one rule table: outside the domain no status codes (migrations are frozen history).
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.ts', 'eventstore/**/*.ts'],
    ignores: ['src/domain/**', '**/migrations/**'],
    plugins: { statuses: statusCodes },
    rules: { 'statuses/ask-the-machine': 'error' },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    // The web calls the API through the endpoint map, never a path of its own (tools/eslint/api-paths.js).
    plugins: { 'react-hooks': reactHooks, 'api-paths': apiPaths },
    rules: {
      ...browserOnly,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'api-paths/through-the-endpoint-map': 'error',
      // A page imports its area's endpoints (endpoints/step.js, …): the combined map would carry
      // every area's schemas into the home route (scripts/check-bundle-size.ts).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: 'contract/endpoints(/index(\\.js)?)?$',
              message: "Import the area's module (contract/endpoints/step.js, manage.js, …), not the combined endpoint map.",
            },
          ],
        },
      ],
    },
  },
  {
    // Fastify plugins are async by contract (FastifyPluginAsync) and most only register routes.
    files: ['src/api/**/*-routes.ts', 'src/api/**/*-route.ts', 'src/api/auth/authenticate.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      // Tests read answers as `any` (inject().json(), fetch) and check their shape with expect.
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Tests cast DOM queries and JSON answers; getBy…<T>() type arguments read no better there.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // Test doubles implement async interfaces with immediate answers.
      '@typescript-eslint/require-await': 'off',
    },
  },
  // The JavaScript config files are not in a TypeScript program.
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
  {
    // Route files parse, call the application or a query module, and answer: SQL lives in the
    // area's *-queries.ts / *-repository.ts modules.
    files: ['src/api/**/*-routes.ts', 'src/api/**/*-route.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'kysely', message: 'Route files run no SQL: put the query in the area’s *-queries.ts or *-repository.ts.' }] },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "TaggedTemplateExpression[tag.name='sql']",
          message: 'Route files run no SQL: put the query in the area’s *-queries.ts or *-repository.ts.',
        },
        {
          selector:
            "CallExpression > MemberExpression.callee[property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|with|transaction|executeQuery)$/][object.type='MemberExpression'][object.property.name='db']",
          message: 'Route files build no queries on the database: put the query in the area’s *-queries.ts or *-repository.ts.',
        },
      ],
    },
  },
  { files: ['tools/**/*.js'], languageOptions: { globals: { console: 'readonly' } } },
);
