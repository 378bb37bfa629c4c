import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { boundaries } from './tools/eslint/boundaries.js';
import { browserOnly, domainPurity, noEnvironment } from './tools/eslint/restricted-globals.js';
import { statusCodes } from './tools/eslint/status-codes.js';
import { clock } from './tools/eslint/clock.js';

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
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...browserOnly,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  { files: ['tools/**/*.js'], languageOptions: { globals: { console: 'readonly' } } },
);
