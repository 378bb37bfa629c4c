import { ESLint } from 'eslint';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

// Each case is linted as if it were the file at `file` (which need not exist), so the fixtures are
// plain strings and `npm run lint` never sees them. The type-aware rules need a TypeScript program:
// a planted file that does not exist joins the default project (tsconfig.json's options); see
// `typeAware` below.
const root = path.resolve(import.meta.dirname, '..', '..');
let eslint: ESLint;

interface Finding {
  readonly rule: string | null;
  readonly message: string;
}

/** The project service's settings for these fixtures: every planted path not on disk joins the default project. */
function typeAware(files: readonly string[]): ESLint.Options['overrideConfig'] {
  const absent = [...new Set(files)].filter((file) => !existsSync(path.join(root, file)));
  return {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: absent, maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: absent.length },
      },
    },
    // The fixtures import names that need not exist: what is checked here is where an import may point.
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  };
}

async function lint(file: string, code: string): Promise<Finding[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
}

const BOUNDARY = 'boundaries/imports';
const GLOBALS = 'no-restricted-globals';
const PROPERTIES = 'no-restricted-properties';
const SYNTAX = 'no-restricted-syntax';
const IMPORTS = 'no-restricted-imports';
const CLOCK = 'clock/no-clock-aliases';
const HOOK_RULES = 'react-hooks/rules-of-hooks';
const HOOK_DEPS = 'react-hooks/exhaustive-deps';

/** [what, file, code, the rule that must report it] */
type Planted = readonly [string, string, string, string];

const use = (name: string) => `\nexport const used = ${name};`;

const FLOATING = '@typescript-eslint/no-floating-promises';

const plantedByTheIssue: readonly Planted[] = [
  ["'fs' in the domain", 'src/domain/x.ts', "import fs from 'fs';" + use('fs'), BOUNDARY],
  ["'pg' in the domain", 'src/domain/x.ts', "import pg from 'pg';" + use('pg'), BOUNDARY],
  ["'fastify' in the domain", 'src/domain/order/x.ts', "import Fastify from 'fastify';" + use('Fastify'), BOUNDARY],
  ['process.env in the web', 'src/web/lib/x.ts', "export const x = process.env['X'];", GLOBALS],
  ["'kysely' in the web", 'src/web/features/home/x.ts', "import { Kysely } from 'kysely';" + use('Kysely'), BOUNDARY],
  ['projections importing the API', 'src/projections/x.ts', "import { buildApp } from '../api/app.js';" + use('buildApp'), BOUNDARY],
  ['the API importing the web', 'src/api/orders/x.ts', "import { post } from '../../web/lib/api-client.js';" + use('post'), BOUNDARY],
  ["a feature importing another's internals", 'src/web/features/a/x.ts', "import { b } from '../b/internal/b.js';" + use('b'), BOUNDARY],
  ['Date() in the domain', 'src/domain/x.ts', 'export const now = Date();', SYNTAX],
  ['performance.now() in the domain', 'src/domain/x.ts', 'export const now = performance.now();', GLOBALS],
  ['crypto.getRandomValues() in the domain', 'src/domain/x.ts', 'export const bytes = crypto.getRandomValues(new Uint8Array(4));', GLOBALS],
  ['Date aliased in the domain', 'src/domain/x.ts', 'const D = Date;\nexport const now = new D();', CLOCK],
  [
    'a date formatter formatting now in the domain',
    'src/domain/x.ts',
    "export const today = new Intl.DateTimeFormat('zh-CN').format();",
    CLOCK,
  ],
];

const plantedBeyond: readonly Planted[] = [
  ["'node:fs' in the web", 'src/web/features/home/x.ts', "import { readFile } from 'node:fs';" + use('readFile'), BOUNDARY],
  ["'fs/promises' in the web", 'src/web/components/x.ts', "import { readFile } from 'fs/promises';" + use('readFile'), BOUNDARY],
  ["'node:crypto' in the domain", 'src/domain/x.ts', "import { randomUUID } from 'node:crypto';" + use('randomUUID'), BOUNDARY],
  ['Math.random() in the domain', 'src/domain/x.ts', 'export const r = Math.random();', PROPERTIES],
  ['Date.now() in the domain', 'src/domain/x.ts', 'export const t = Date.now();', PROPERTIES],
  ['new Date() in the domain', 'src/domain/x.ts', 'export const t = new Date();', SYNTAX],
  ['crypto.randomUUID() in the domain', 'src/domain/x.ts', 'export const id = crypto.randomUUID();', GLOBALS],
  ['globalThis.crypto in the domain', 'src/domain/x.ts', 'export const id = globalThis.crypto.randomUUID();', GLOBALS],
  ['setTimeout in the domain', 'src/domain/x.ts', 'setTimeout(() => undefined, 1);', GLOBALS],
  [
    'Date passed as a value in the domain',
    'src/domain/x.ts',
    'export const make = (C: DateConstructor) => new C();\nexport const now = make(Date);',
    CLOCK,
  ],
  ['new Date(...spread) in the domain', 'src/domain/x.ts', 'export const at = (parts: number[]) => new Date(...parts);', CLOCK],
  [
    'formatToParts() with no date in the domain',
    'src/domain/x.ts',
    'export const parts = new Intl.DateTimeFormat().formatToParts();',
    CLOCK,
  ],
  ['format(undefined) in the domain', 'src/domain/x.ts', 'export const today = new Intl.DateTimeFormat().format(undefined);', CLOCK],
  ['fetch in the domain', 'src/domain/x.ts', "export const answer = fetch('/x');", GLOBALS],
  ['process in the domain', 'src/domain/x.ts', "export const x = process.env['X'];", GLOBALS],
  ['import.meta.env in the domain', 'src/domain/x.ts', 'export const x = import.meta.env;', SYNTAX],
  ["an unlisted package ('lodash') in the domain", 'src/domain/x.ts', "import _ from 'lodash';" + use('_'), BOUNDARY],
  ['the domain importing projections', 'src/domain/x.ts', "import { a } from '../projections/x.js';" + use('a'), BOUNDARY],
  [
    'the domain importing the event store',
    'src/domain/order/x.ts',
    "import { a } from '../../../eventstore/port.js';" + use('a'),
    BOUNDARY,
  ],
  ['Buffer in the web', 'src/web/lib/x.ts', "export const b = Buffer.from('x');", GLOBALS],
  ["'pg' in the web", 'src/web/lib/x.ts', "import pg from 'pg';" + use('pg'), BOUNDARY],
  ["'@electric-sql/pglite' in the web", 'src/web/lib/x.ts', "import { PGlite } from '@electric-sql/pglite';" + use('PGlite'), BOUNDARY],
  ["a type from 'fastify' in the web", 'src/web/lib/x.ts', "export type App = import('fastify').FastifyInstance;", BOUNDARY],
  ['the web importing projections (dynamic import)', 'src/web/lib/x.ts', "export const m = import('../../projections/x.js');", BOUNDARY],
  [
    'the web importing the event store',
    'src/web/features/home/x.ts',
    "import { a } from '../../../../eventstore/port.js';" + use('a'),
    BOUNDARY,
  ],
  ['a shared web folder importing a feature', 'src/web/lib/x.ts', "import { a } from '../features/home/messages.js';" + use('a'), BOUNDARY],
  ['a feature importing the app shell', 'src/web/features/home/x.ts', "import { a } from '../../app/router.js';" + use('a'), BOUNDARY],
  [
    "the app shell importing a feature's internals",
    'src/web/app/x.ts',
    "import { a } from '../features/orders/detail/format.js';" + use('a'),
    BOUNDARY,
  ],
  ['a web file outside every zone', 'src/web/stray/x.ts', 'export const a = 1;', BOUNDARY],
  ['process.env in the API', 'src/api/x.ts', "export const x = process.env['X'];", PROPERTIES],
  ["env from 'node:process' in the API", 'src/api/x.ts', "import { env } from 'node:process';" + use('env'), IMPORTS],
  ['process.env in projections', 'src/projections/x.ts', "export const x = process.env['X'];", PROPERTIES],
  ['process.env in the event store', 'eventstore/postgres/x.ts', 'export const { env } = process;', PROPERTIES],
  ['process.env in src/runtime.ts', 'src/runtime.ts', "export const x = process.env['X'];", PROPERTIES],
  ['the API importing the composition root', 'src/api/x.ts', "import { a } from '../runtime.js';" + use('a'), BOUNDARY],
  ['an unlisted package in the API', 'src/api/x.ts', "import express from 'express';" + use('express'), BOUNDARY],
  ['projections importing the web', 'src/projections/x.ts', "import { a } from '../web/lib/session.js';" + use('a'), BOUNDARY],
  ["'pg' in projections", 'src/projections/x.ts', "import pg from 'pg';" + use('pg'), BOUNDARY],
  ['src/database importing the API', 'src/database/x.ts', "import { a } from '../api/app.js';" + use('a'), BOUNDARY],
  ['the event store importing src (the domain)', 'eventstore/x.ts', "import { a } from '../src/domain/index.js';" + use('a'), BOUNDARY],
  ['the event store re-exporting the web', 'eventstore/x.ts', "export { a } from '../src/web/x.js';", BOUNDARY],
  ['the event store importing the API', 'eventstore/postgres/x.ts', "import { a } from '../../src/api/app.js';" + use('a'), BOUNDARY],
  ["'fastify' in the event store", 'eventstore/x.ts', "import Fastify from 'fastify';" + use('Fastify'), BOUNDARY],
  ['the composition root importing the web', 'src/main.ts', "import { a } from './web/lib/session.js';" + use('a'), BOUNDARY],
  ['a file of src outside every area', 'src/stray.ts', 'export const a = 1;', BOUNDARY],
  ["'kysely' in a route file", 'src/api/orders/x-routes.ts', "import { sql } from 'kysely';" + use('sql'), IMPORTS],
  [
    "a type from 'kysely' in a route file",
    'src/api/manage/x-route.ts',
    "import type { Kysely } from 'kysely';\nexport type K = Kysely<never>;",
    IMPORTS,
  ],
  [
    'an sql tag in a route file',
    'src/api/manage/x-routes.ts',
    'declare const sql: (s: TemplateStringsArray) => unknown;\nexport const q = sql`select 1`;',
    SYNTAX,
  ],
  [
    'a query built on deps.db in a route file',
    'src/api/warehouse/x-routes.ts',
    "declare const deps: { db: { selectFrom(t: string): unknown } };\nexport const q = deps.db.selectFrom('orders');",
    SYNTAX,
  ],
  ['the application importing the API', 'src/application/x.ts', "import { a } from '../api/app.js';" + use('a'), BOUNDARY],
  ["'kysely' in the application", 'src/application/orders/x.ts', "import { sql } from 'kysely';" + use('sql'), BOUNDARY],
  [
    'the application importing an event-store adapter',
    'src/application/x.ts',
    "import { a } from '../../eventstore/postgres/index.js';" + use('a'),
    BOUNDARY,
  ],
  [
    'a hook called conditionally',
    'src/web/features/home/x.tsx',
    "import { useState } from 'react';\nexport function X({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}",
    HOOK_RULES,
  ],
  [
    'a floating promise',
    'src/api/x.ts',
    'async function save(): Promise<void> {}\nexport function handle(): void {\n  save();\n}',
    FLOATING,
  ],
  [
    'an effect missing a dependency',
    'src/web/features/home/x.tsx',
    "import { useEffect } from 'react';\nexport function X({ id }: { id: string }) {\n  useEffect(() => {\n    document.title = id;\n  }, []);\n  return null;\n}",
    HOOK_DEPS,
  ],
];

beforeAll(async () => {
  const files = [...plantedByTheIssue, ...plantedBeyond, ...allowed].map(([, file]) => file);
  eslint = new ESLint({ cwd: root, overrideConfig: typeAware(files) });
  // The first lint builds the TypeScript program.
  await lint('src/api/x.ts', 'export const a = 1;');
}, 300_000);

describe('lint reports every planted violation', () => {
  it.each([...plantedByTheIssue, ...plantedBeyond])('%s (%s)', async (_what, file, code, rule) => {
    const rules = (await lint(file, code)).map((finding) => finding.rule);
    expect(rules).toContain(rule);
  });

  it('tells where shared web code goes', async () => {
    const [finding] = await lint('src/web/features/a/x.ts', "import { b } from '../b/internal/b.js';" + use('b'));
    expect(finding?.message).toMatch(/features are private.*shared folder.*src\/web\/components/);
  });

  // So that each report above comes from the planted code, not from where the fixture sits.
  it('plants every fixture in a file that lints clean without the violation', async () => {
    const strays = new Set(['src/web/stray/x.ts', 'src/stray.ts']);
    const places = [...new Set([...plantedByTheIssue, ...plantedBeyond].map(([, file]) => file))].filter((file) => !strays.has(file));
    for (const file of places) expect({ file, findings: await lint(file, 'export const a = 1;') }).toEqual({ file, findings: [] });
  });
});

/** [what, file, code]: legitimate code of each area, which must lint clean. */
type Allowed = readonly [string, string, string];

const allowed: readonly Allowed[] = [
  ['the domain: its own files', 'src/domain/order/x.ts', "import { a } from '../money.js';" + use('a')],
  [
    'the domain: its packages',
    'src/domain/x.ts',
    "import { Decimal } from 'decimal.js';\nimport { pinyin } from 'pinyin-pro';\nimport { setup } from 'xstate';\nimport { z } from 'zod';\nexport const used = [Decimal, pinyin, setup, z];",
  ],
  ['the domain: converting a time', 'src/domain/x.ts', 'export const at = (iso: string) => new Date(Date.parse(iso)).toISOString();'],
  [
    'the domain: Date as a type, Date.UTC, and formatting a given date',
    'src/domain/x.ts',
    "export const day = (at: Date): string => new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai' }).format(at);\nexport const epoch = Date.UTC(2020, 0, 1);",
  ],
  [
    'the web: its packages',
    'src/web/features/home/x.ts',
    [
      "import { Decimal } from 'decimal.js';",
      "import { useQuery } from '@tanstack/react-query';",
      "import { zodResolver } from '@hookform/resolvers/zod';",
      "import { style } from '@vanilla-extract/css';",
      "import { useMachine } from '@xstate/react';",
      "import QRCode from 'qrcode';",
      "import { Dialog } from 'radix-ui';",
      "import { useState } from 'react';",
      "import { createRoot } from 'react-dom/client';",
      "import { useForm } from 'react-hook-form';",
      "import { Link } from 'react-router-dom';",
      "import { setup } from 'xstate';",
      "import { z } from 'zod';",
      'export const used = [Decimal, useQuery, zodResolver, style, useMachine, QRCode, Dialog, useState, createRoot, useForm, Link, setup, z];',
    ].join('\n'),
  ],
  ['the web: Vite settings', 'src/web/lib/x.ts', 'export const mode = import.meta.env.MODE;'],
  ['a feature: the domain', 'src/web/features/steps/x.ts', "import { a } from '../../../domain/index.js';" + use('a')],
  [
    'a feature: its own files and the shared folders',
    'src/web/features/orders/detail/x.ts',
    [
      "import { a } from '../../../components/documents/document-uploader.js';",
      "import { b } from '../../../i18n/i18n.js';",
      "import { c } from '../../../lib/use-load.js';",
      "import { d } from '../../../styles/theme.css.js';",
      "import { e } from '../list/find-orders.js';",
      'export const used = [a, b, c, d, e];',
    ].join('\n'),
  ],
  ["the app shell: a feature's page", 'src/web/app/x.ts', "import { a } from '../features/orders/order-page.js';" + use('a')],
  [
    'shared web folders: one another',
    'src/web/lib/x.ts',
    "import { a } from '../components/notify.js';\nimport { b } from '../i18n/i18n.js';\nexport const used = [a, b];",
  ],
  ['the web entry: the app shell', 'src/web/main.tsx', "import { a } from './app/app.js';" + use('a')],
  [
    'projections: kysely, Node, the domain, the event store and src/database',
    'src/projections/x.ts',
    [
      "import type { Kysely } from 'kysely';",
      "import path from 'node:path';",
      "import { a } from '../../eventstore/port.js';",
      "import { b } from '../database/schema.js';",
      "import { c } from '../domain/index.js';",
      'export type K = Kysely<never>;',
      'export const used = [path, a, b, c];',
    ].join('\n'),
  ],
  [
    'src/database: pg, kysely and projections',
    'src/database/x.ts',
    "import type { Kysely } from 'kysely';\nimport pg from 'pg';\nimport { a } from '../projections/schema.js';\nexport type K = Kysely<never>;\nexport const used = [pg, a];",
  ],
  [
    'the API: its packages, Node and the server side',
    'src/api/orders/x.ts',
    [
      "import { randomUUID } from 'node:crypto';",
      "import fastifyStatic from '@fastify/static';",
      "import Fastify from 'fastify';",
      "import { jwtVerify } from 'jose';",
      "import { a } from '../../../eventstore/port.js';",
      "import { b } from '../../config.js';",
      "import { c } from '../../database/schema.js';",
      "import { d } from '../../domain/index.js';",
      "import { e } from '../../projections/schema.js';",
      'export const used = [randomUUID, fastifyStatic, Fastify, jwtVerify, a, b, c, d, e];',
    ].join('\n'),
  ],
  [
    'the event store: its own files, its drivers and Node',
    'eventstore/postgres/x.ts',
    [
      "import { PGlite } from '@electric-sql/pglite';",
      "import { EventStoreDBClient } from '@eventstore/db-client';",
      "import { Kysely } from 'kysely';",
      "import { EventEmitter } from 'node:events';",
      "import pg from 'pg';",
      "import { a } from '../port.js';",
      'export const used = [PGlite, EventStoreDBClient, Kysely, EventEmitter, pg, a];',
    ].join('\n'),
  ],
  [
    'src/main.ts: the environment',
    'src/main.ts',
    "import { a } from './runtime.js';\nexport const env = process.env;\nexport const used = a;",
  ],
  [
    'src/runtime.ts: everything but the web',
    'src/runtime.ts',
    "import { a } from '../eventstore/postgres/index.js';\nimport { b } from './api/app.js';\nimport { c } from './config.js';\nimport { d } from './projections/migrate.js';\nexport const used = [a, b, c, d];",
  ],
  [
    'src/application: the domain, the event-store port, projections',
    'src/application/orders/x.ts',
    "import { a } from '../../domain/index.js';\nimport { b } from '../../../eventstore/port.js';\nimport { c } from '../../projections/tables.js';\nexport const used = [a, b, c];",
  ],
  ['src/api: the application', 'src/api/orders/x.ts', "import { a } from '../../application/command-handler.js';" + use('a')],
  ['scripts: anything', 'scripts/x.ts', "import pg from 'pg';\nexport const url = process.env['DATABASE_URL'];\nexport const used = pg;"],
  [
    'tests: anything',
    'tests/x.test.ts',
    "import { a } from '../src/web/lib/session.js';\nimport { b } from '../src/api/app.js';\nexport const used = [a, b, process.env];",
  ],
];

describe('lint lets each area use what it may', () => {
  it.each(allowed)('%s (%s)', async (_what, file, code) => {
    expect(await lint(file, code)).toEqual([]);
  });
});
