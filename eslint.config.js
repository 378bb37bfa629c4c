import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { boundaries } from './tools/eslint/boundaries.js';

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'coverage', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { boundaries },
    rules: {
      'boundaries/imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      // The domain is pure: time, ids and randomness come in as arguments.
      'no-restricted-globals': ['error', 'process', 'setTimeout', 'setInterval', 'fetch'],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Pass time in as an argument.' },
        { object: 'Math', property: 'random', message: 'Pass ids and randomness in as arguments.' },
        { object: 'crypto', property: 'randomUUID', message: 'Pass ids in as arguments.' },
      ],
      'no-restricted-syntax': ['error', { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Pass time in as an argument.' }],
    },
  },
  { files: ['tools/**/*.js'], languageOptions: { globals: { console: 'readonly' } } },
);
