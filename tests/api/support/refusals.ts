import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** A refusal's answer: its status, code and message, the message standing on `field` when one is named. */
export function expectRefusal(response: LightMyRequestResponse, status: number, code: string, message: string, field?: string): void {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual({ status, code, message, errors: field ? { [field]: [message] } : {} });
}
