import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { signIn } from './support.js';

/** Each test of the calling describe starts with only the payer's session stored, and unmounts what it rendered. */
export function signedInPayer() {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(cleanup);
}
