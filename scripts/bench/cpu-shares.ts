/**
 * `npm run bench:profile`'s reading of a V8 CPU profile: each sample's time goes to the part of the
 * stack it was taken in (HTTP, validation, the decision, the hash chain, JSON, the pg protocol, …),
 * so "where the time goes" is a table of measured shares rather than a guess.
 */

export interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string };
  readonly children?: readonly number[];
}

export interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** First match wins: a frame's script address, or for native frames the function's name. */
const PARTS: readonly (readonly [string, RegExp])[] = [
  ['the bench client (undici)', /node_modules\/undici\//],
  [
    'JSON (parse, stringify, fast-json-stringify)',
    /node_modules\/(fast-json-stringify|secure-json-parse|fast-json-stable-stringify)\/|^JSON\./,
  ],
  ['validation (zod, ajv)', /node_modules\/(zod|ajv|ajv-formats)\//],
  ['auth (jose, tokens, sessions)', /node_modules\/jose\/|src\/api\/auth\//],
  ['decision (XState, domain)', /node_modules\/xstate\/|src\/domain\//],
  ['hash chain, sealing (crypto)', /node:internal\/crypto|node:crypto|src\/api\/privacy\/|eventstore\/chain\//],
  ['event store', /eventstore\//],
  ['pg protocol (pg, pg-protocol, pg-types)', /node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-[a-z]+)\//],
  ['Kysely', /node_modules\/kysely\//],
  [
    'HTTP, sockets and streams (Fastify, node:http, net)',
    /node_modules\/(fastify|find-my-way|avvio|light-my-request|@fastify\/[a-z-]+|fast-querystring|toad-cache)\/|node:_http|node:http|node:net|node:internal\/(stream|streams|http|net|timers)|node:stream|node:events/,
  ],
  ["the product's routes and read side", /src\/(api|projections)\//],
  ['the CRUD service (its own code)', /scripts\/bench\/crud-baseline/],
  ['garbage collection', /^\(garbage collector\)$/],
];

const OTHER = 'other (Node runtime, promises, native)';
const IDLE = /^\((idle|root)\)$/;
/** The profiler's own work (stopping it serialises the profile inside the measured time): counted for nobody. */
const PROFILER = 'node:inspector';

function ownPart(frame: ProfileNode['callFrame']): string | undefined {
  const name = frame.url === '' ? (frame.functionName.startsWith('(') ? frame.functionName : `native ${frame.functionName}`) : frame.url;
  if (frame.url === '' && (frame.functionName === 'stringify' || frame.functionName === 'parse')) return PARTS[1]![0];
  return PARTS.find(([, pattern]) => pattern.test(name))?.[0];
}

/**
 * Milliseconds of CPU per part. A native frame (no script) counts for the nearest caller that has a
 * part, so a digest counts for the hash chain and a Map lookup for whoever looked up.
 */
export function cpuShares(profile: CpuProfile): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const partOf = new Map<number, string | null>();
  const resolve = (id: number): string | null => {
    const known = partOf.get(id);
    if (known !== undefined) return known;
    const { callFrame } = byId.get(id)!;
    const parent = parentOf.get(id);
    let part: string | null = ownPart(callFrame) ?? OTHER;
    if (IDLE.test(callFrame.functionName)) part = null;
    else if (callFrame.url.startsWith(PROFILER)) part = PROFILER;
    else if (callFrame.url === '' && ownPart(callFrame) === undefined && parent !== undefined) part = resolve(parent) ?? OTHER;
    partOf.set(id, part);
    return part;
  };
  const shares = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const part = resolve(id);
    if (part !== null && part !== PROFILER) shares.set(part, (shares.get(part) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  return shares;
}
