// The architecture's areas and what each may import: allow-lists, so anything new (a package, a
// folder, a Node built-in) is refused until it is added here on purpose. Paths are relative to the
// project root; a folder allows everything inside it, a file allows just that file. An area always
// allows its own files. Every file in src and eventstore must belong to an area; files elsewhere
// (tests, scripts, tools, root config files) are free.

/** The composition root, which wires everything except the browser app. */
const compositionRoot = ['src/main.ts', 'src/runtime.ts', 'src/config.ts'];

/** Shared parts of src/web: every feature may use them, and they use no feature. */
export const webSharedFolders = ['src/web/components', 'src/web/lib', 'src/web/i18n', 'src/web/styles', 'src/web/types', 'src/web/csp.ts'];

export const areas = [
  {
    name: 'src/domain',
    paths: ['src/domain'],
    folders: [],
    packages: ['xstate', 'decimal.js', 'zod', 'pinyin-pro'],
    nodeBuiltins: false,
  },
  {
    name: 'src/web',
    paths: ['src/web'],
    folders: ['src/domain'],
    packages: [
      'react',
      'react-dom',
      'react-router-dom',
      'radix-ui',
      '@vanilla-extract/*',
      'qrcode',
      '@simplewebauthn/browser',
      'zod',
      'xstate',
      'decimal.js',
      // The back office's dashboard charts (loaded lazily, in their own chunk: features/manage/dashboard/day-chart.tsx).
      'uplot',
      // Allowed ahead of the work that brings them in.
      '@tanstack/react-query',
      'react-hook-form',
      '@hookform/resolvers',
      '@xstate/react',
    ],
    nodeBuiltins: false,
  },
  {
    name: 'src/projections',
    paths: ['src/projections'],
    // src/database receives the Database interface and the migrations from src/projections.
    folders: ['src/domain', 'src/database', 'eventstore'],
    packages: ['kysely'],
    nodeBuiltins: true,
  },
  {
    name: 'src/database',
    paths: ['src/database'],
    folders: ['src/projections', 'src/domain', 'eventstore'],
    packages: ['kysely', 'pg'],
    nodeBuiltins: true,
  },
  {
    // Command handling (load, decide, append, retry) for every area, called by src/api and scripts.
    name: 'src/application',
    paths: ['src/application'],
    folders: ['src/domain', 'eventstore/port.ts', 'src/projections'],
    packages: [],
    nodeBuiltins: false,
  },
  {
    name: 'src/api',
    paths: ['src/api'],
    folders: ['src/application', 'src/domain', 'src/projections', 'src/database', 'eventstore', 'src/config.ts'],
    packages: [
      'fastify',
      'fastify-plugin',
      'fastify-type-provider-zod',
      'helmet',
      '@fastify/multipart',
      '@fastify/rate-limit',
      '@fastify/static',
      '@fastify/swagger',
      '@fastify/swagger-ui',
      'zod',
      'kysely',
      'jose',
      '@node-rs/argon2',
      'nodemailer',
      'yauzl',
      'decimal.js',
      'close-with-grace',
      'qrcode',
      // The staff's second factor and the common-password list (src/api/auth, DESIGN.md section 12).
      'otplib',
      '@simplewebauthn/server',
      '@zxcvbn-ts/language-common',
      // The reserve account's bank statements (src/api/reconciliation, DESIGN.md section 10).
      'saxes',
      'csv-parse',
      // The order exports' streaming Excel writer (src/api/exports, DESIGN.md section 10).
      'exceljs',
      // The signed receipts' PDF (src/api/receipts, DESIGN.md section 11).
      'pdfkit',
      // pdfkit's own font parser: the receipt's CJK font is parsed once, not for every PDF.
      'fontkit',
    ],
    nodeBuiltins: true,
  },
  {
    name: 'eventstore',
    paths: ['eventstore'],
    folders: [],
    packages: ['kysely', 'pg', '@electric-sql/pglite', '@eventstore/db-client'],
    nodeBuiltins: true,
  },
  {
    name: 'the composition root',
    paths: compositionRoot,
    folders: ['src/api', 'src/application', 'src/domain', 'src/projections', 'src/database', 'eventstore', ...compositionRoot],
    packages: ['zod'],
    nodeBuiltins: true,
  },
];

/** Project folders where every file must belong to an area. */
export const governedFolders = ['src', 'eventstore'];
