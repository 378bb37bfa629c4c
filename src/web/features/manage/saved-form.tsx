import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '../../components/form.js';
import { useT } from '../../i18n/i18n.js';
import { errorText } from '../../lib/error-text.js';
import { manageMessages } from './messages.js';

/**
 * A settings tab's saved values, read before its form: loading or the error until they are there,
 * then the form `children` make of them.
 */
export function WithSaved<T>({ saved, children }: { saved: UseQueryResult<T>; children: (values: T) => ReactNode }) {
  const t = useT(manageMessages);
  if (!saved.data) return <p aria-busy={saved.isPending}>{saved.isError ? errorText(saved.error) : t('list.loading')}</p>;
  return children(saved.data);
}

/** A settings form's submit button, for the roles that may change it (none for a reader). */
export function SaveButton({ shown, saving, testId, children }: { shown: boolean; saving: boolean; testId: string; children: ReactNode }) {
  if (!shown) return null;
  return (
    <Button type="submit" loading={saving} data-testid={testId}>
      {children}
    </Button>
  );
}
