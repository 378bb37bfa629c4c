import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

/** Each test of the calling describe starts with nothing stored (signed out, default language) and unmounts what it rendered. */
export function freshStorage() {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);
}
