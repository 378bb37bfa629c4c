import { ApiError } from '../../lib/api-client.js';

/** The texts of a failed call for the red alert (SPEC.md section 8). */
export const errorTexts = (error: unknown): string[] =>
  error instanceof ApiError ? error.texts : [error instanceof Error && error.message ? error.message : String(error)];
