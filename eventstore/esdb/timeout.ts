import { CancelledError, DeadlineExceededError, NotLeaderError, UnavailableError } from '@eventstore/db-client';
import { EventStoreTimeoutError, EventStoreUnavailableError } from '../port.js';

/** The client's own ways of saying "no server to talk to right now", as the port says it. */
const asPortError = (operation: string, error: unknown): unknown =>
  error instanceof UnavailableError ||
  error instanceof DeadlineExceededError ||
  error instanceof NotLeaderError ||
  error instanceof CancelledError
    ? new EventStoreUnavailableError(`EventStoreDB is unavailable (${operation}).`, { cause: error })
    : error;

/**
 * Runs `work` but gives up after `ms` with EventStoreTimeoutError. The EventStoreDB client keeps
 * waiting when a server accepts the connection and never answers (its deadline does not cover
 * that), so every call goes through here. `abandon` cancels whatever the call left running.
 */
export async function withTimeout<T>(operation: string, ms: number, work: () => Promise<T>, abandon?: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const running = (async () => work())().catch((error: unknown) => {
    throw asPortError(operation, error);
  });
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abandon?.();
      reject(new EventStoreTimeoutError(operation, ms));
    }, ms);
  });
  try {
    return await Promise.race([running, timedOut]);
  } finally {
    clearTimeout(timer);
    running.catch(() => undefined); // an abandoned call may still fail later; nobody listens
  }
}
