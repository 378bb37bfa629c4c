/**
 * What of an error may be logged: its kind, message, code and stack. Database errors carry the
 * statement's parameters (whole events, identity numbers among them), which never reach a log.
 */
export function safeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: error.message,
    ...(typeof code === 'string' ? { code } : {}),
    stack: error.stack,
    ...(error.cause !== undefined ? { cause: safeError(error.cause) } : {}),
  };
}
