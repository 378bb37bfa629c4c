import { describe, expect, it } from 'vitest';
import { cpuShares, type CpuProfile } from '../../scripts/bench/cpu-shares.js';

const frame = (id: number, functionName: string, url: string, children: number[] = []) => ({
  id,
  callFrame: { functionName, url },
  children,
});

/**
 * root → idle; root → fastify handler → native writev; root → chain hash → native digest;
 * root → JSON.stringify builtin; root → the garbage collector; root → the profiler's post → native dispatch.
 */
const PROFILE: CpuProfile = {
  nodes: [
    frame(1, '(root)', '', [2, 3, 5, 7, 8, 9]),
    frame(2, '(idle)', ''),
    frame(3, 'handler', 'file:///app/node_modules/fastify/lib/handle-request.js', [4]),
    frame(4, 'writev', ''),
    frame(5, 'eventHash', 'file:///app/eventstore/chain/event-hash.ts', [6]),
    frame(6, 'digest', ''),
    frame(7, 'stringify', ''),
    frame(8, '(garbage collector)', ''),
    frame(9, 'post', 'node:inspector', [10]),
    frame(10, 'dispatch', ''),
  ],
  samples: [2, 2, 3, 4, 4, 6, 7, 8, 10],
  timeDeltas: [1000, 1000, 1000, 2000, 1000, 500, 250, 250, 4000],
};

describe("bench:profile's shares of a CPU profile", () => {
  it('counts native frames for their caller, idle and the profiler for nobody, and builtins and the collector apart', () => {
    const shares = Object.fromEntries(cpuShares(PROFILE));
    expect(shares).toEqual({
      'HTTP, sockets and streams (Fastify, node:http, net)': 4,
      'hash chain, sealing (crypto)': 0.5,
      'JSON (parse, stringify, fast-json-stringify)': 0.25,
      'garbage collection': 0.25,
    });
  });
});
