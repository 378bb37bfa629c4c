import { useEffect, useEffectEvent } from 'react';

/**
 * Reports each failure of a query once: every failed fetch gives a new error object, and a
 * successful one clears it. The report may change with the language without reporting again.
 */
export function useReportFailure(error: unknown, report: (error: unknown) => void): void {
  const reportError = useEffectEvent(report);
  useEffect(() => {
    if (error) reportError(error);
  }, [error]);
}
