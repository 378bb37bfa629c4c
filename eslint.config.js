import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { boundaries } from './tools/eslint/boundaries.js';
import { browserOnly, domainPurity, noEnvironment } from './tools/eslint/restricted-globals.js';

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'coverage', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { boundaries },
    rules: {
      // Area allow-lists and web zones: tools/eslint/areas.js.
      'boundaries/imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'eventstore/**/*.ts'],
    // main.ts reads the environment; the domain and the web may not touch `process` at all (below).
    ignores: ['src/main.ts', 'src/domain/**', 'src/web/**'],
    rules: noEnvironment,
  },
  { files: ['src/domain/**/*.ts'], rules: domainPurity },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...browserOnly,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
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
