import type { BaseSyntheticEvent } from 'react';

/**
 * A form's onSubmit from react-hook-form's `handleSubmit(...)`: the handlers given to it catch and
 * show their own failures, so React has no promise to wait for.
 */
export const onSubmitOf =
  (handle: (event?: BaseSyntheticEvent) => Promise<void>) =>
  (event?: BaseSyntheticEvent): void =>
    void handle(event);
