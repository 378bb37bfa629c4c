// Globals each area may not touch, as options of ESLint's core no-restricted-* rules. The import
// boundaries keep modules out; these keep out what needs no import (clock, randomness, environment).

const environmentMessage =
  'Config is parsed once in the composition root (src/config.ts, read in src/main.ts): take the value as an argument.';

/** Server code (everything in src and eventstore but src/main.ts) reads no environment. */
export const noEnvironment = {
  'no-restricted-properties': ['error', { object: 'process', property: 'env', message: environmentMessage }],
  'no-restricted-imports': [
    'error',
    {
      paths: ['process', 'node:process'].map((name) => ({ name, importNames: ['env'], message: environmentMessage })),
    },
  ],
};

const named = (message, names) => names.map((name) => ({ name, message }));

/** The domain is pure: time, ids and randomness come in as arguments, and it does no I/O. */
export const domainPurity = {
  'no-restricted-globals': [
    'error',
    ...named('Pass time in as an argument.', [
      'performance',
      'setTimeout',
      'setInterval',
      'setImmediate',
      'clearTimeout',
      'clearInterval',
      'queueMicrotask',
    ]),
    ...named('Pass ids and randomness in as arguments.', ['crypto']),
    ...named('The domain reads no environment: pass values in as arguments.', [
      'process',
      'navigator',
      'globalThis',
      'global',
      'window',
      'self',
    ]),
    ...named('The domain does no I/O.', [
      'fetch',
      'XMLHttpRequest',
      'WebSocket',
      'document',
      'localStorage',
      'sessionStorage',
      'console',
      'require',
      'Buffer',
    ]),
  ],
  'no-restricted-properties': [
    'error',
    { object: 'Date', property: 'now', message: 'Pass time in as an argument.' },
    { object: 'Math', property: 'random', message: 'Pass ids and randomness in as arguments.' },
  ],
  'no-restricted-syntax': [
    'error',
    // `new Date(x)` converts a value and stays allowed; without an argument it reads the clock.
    { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Pass time in as an argument.' },
    { selector: "CallExpression[callee.name='Date']", message: 'Date() reads the clock: pass time in as an argument.' },
    {
      selector: "MetaProperty[meta.name='import'][property.name='meta']",
      message: 'The domain reads no environment (import.meta): pass values in as arguments.',
    },
  ],
};

/** src/web runs in the browser, where Node's globals do not exist. */
export const browserOnly = {
  'no-restricted-globals': [
    'error',
    ...named('src/web runs in the browser: there is no process; build settings come from import.meta.env.', ['process']),
    ...named("src/web runs in the browser: Node's globals do not exist there.", [
      'Buffer',
      'global',
      'require',
      '__dirname',
      '__filename',
      'setImmediate',
    ]),
  ],
};
