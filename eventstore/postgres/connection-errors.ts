/**
 * Whether an error means "the database cannot be reached right now" (it is down, restarting,
 * refusing connections, or the connection broke), as opposed to a statement it refused. Callers
 * answer the first with "try again later" (503) and the second as a fault. pg and PGlite errors
 * carry a SQLSTATE in `code`; socket errors carry a Node error code; pg's own pool and client
 * failures carry only a message.
 */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
]);

/** admin_shutdown, crash_shutdown, cannot_connect_now; too_many_connections. Class 08 is "connection exception". */
const SERVER_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable/,
  /^Client was closed and is not queryable/,
  /^Cannot use a pool after calling end/,
  /^Database did not answer within/,
];

const MAX_CAUSE_DEPTH = 5;

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && typeof current === 'object' && current !== null; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || SERVER_STATES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return true;
    // Several addresses tried at once (localhost as ::1 and 127.0.0.1) fail as one AggregateError.
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = cause;
  }
  return false;
}
