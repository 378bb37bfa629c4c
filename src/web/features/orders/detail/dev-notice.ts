import { useCallback, useEffect, useRef, useState } from 'react';

/** How long '功能开发中..' stays next to the control that was used. */
const SHOWN_MS = 3000;

/** Which placeholder control last said 'feature under development', for a few seconds. */
export function useDevNotice(): [string | null, (where: string) => void] {
  const [where, setWhere] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback((next: string) => {
    clearTimeout(timer.current);
    setWhere(next);
    timer.current = setTimeout(() => setWhere(null), SHOWN_MS);
  }, []);
  return [where, show];
}
