import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from '../../config.js';

const pathOf = (url: string) => url.split('?')[0];

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
    serializers: { req: (request) => ({ method: request.method, url: pathOf(request.url), remoteAddress: request.ip }) },
    ...(stream ? { stream } : {}),
  };
}

/** One line per answered request ("GET /api/v1/x 200 3ms"), instead of Fastify's incoming and completed pair. */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = `${request.method} ${pathOf(request.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)}ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}

/** Outside debug, one line per request; LOG_LEVEL=debug (or trace) keeps Fastify's detailed pair. */
export function requestLogging(level: Config['logLevel']): Pick<FastifyServerOptions, 'logController'> {
  return level === 'debug' || level === 'trace' ? {} : { logController: new OneLinePerRequest() };
}
