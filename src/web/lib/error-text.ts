import { ApiError } from './api-client.js';

/** A failure as one line for a toast: the server's texts, or the error's message. */
export const errorText = (error: unknown): string =>
  error instanceof ApiError ? error.texts.join('；') : error instanceof Error ? error.message : String(error);
