import { useEffect, useEffectEvent, useState, type DependencyList } from 'react';

export type Loaded<T> =
  | { readonly status: 'idle'; readonly data?: undefined }
  | { readonly status: 'loading'; readonly data?: undefined }
  | { readonly status: 'error'; readonly data?: undefined; readonly error: unknown }
  | { readonly status: 'ready'; readonly data: T };

/**
 * Loads data for a screen: `idle` while there is nothing to load (`load` is null), then `loading`,
 * then `ready` or `error`. An answer for other inputs (they changed, or the screen left) is
 * ignored, so `onError` runs once per real failure, and the state of earlier inputs is never
 * reported as the state of the current ones. `reload` tries again.
 */
export function useLoad<T>(
  load: (() => Promise<T>) | null,
  deps: DependencyList,
  onError?: (error: unknown) => void,
): Loaded<T> & { reload: () => void } {
  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify([...deps, load !== null, attempt]);
  const [state, setState] = useState<{ key: string; loaded: Loaded<T> }>({ key: '', loaded: { status: 'idle' } });
  // `load` and `onError` are new on every render, so they are effect events: the key alone says
  // when to load again.
  const active = load !== null;
  const startLoad = useEffectEvent(() => load?.());
  const reportError = useEffectEvent((error: unknown) => onError?.(error));
  useEffect(() => {
    if (!active) return;
    let live = true;
    startLoad()?.then(
      (data) => live && setState({ key, loaded: { status: 'ready', data } }),
      (error: unknown) => {
        if (!live) return;
        setState({ key, loaded: { status: 'error', error } });
        reportError(error);
      },
    );
    return () => {
      live = false;
    };
  }, [key, active]);
  const reload = () => setAttempt((n) => n + 1);
  if (!load) return { status: 'idle', reload };
  return state.key === key ? { ...state.loaded, reload } : { status: 'loading', reload };
}
