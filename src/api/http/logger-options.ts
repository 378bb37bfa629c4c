import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../../config.js';

/**
 * The server's log: requests by method, path and address only. Query strings can hold reset and
 * upload-link tokens and bodies hold personal data (ID numbers, passports): neither reaches the log.
 */
export function loggerOptions(
  level: Config['logLevel'],
  stream?: { write(line: string): void },
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    serializers: { req: (request) => ({ method: request.method, url: request.url.split('?')[0], remoteAddress: request.ip }) },
    ...(stream ? { stream } : {}),
  };
}
