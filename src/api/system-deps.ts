import { randomBytes, randomUUID } from 'node:crypto';
import type { Clock, Ids } from './deps.js';

export const systemClock: Clock = { now: () => new Date() };
export const randomIds: Ids = {
  uuid: () => randomUUID(),
  token: (bytes = 32) => randomBytes(bytes).toString('base64url'),
};
