import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

export interface Resource<T> {
  data: T | null;
  error: Error | null;
  loading: boolean;
  reload: () => void;
  set: (data: T) => void;
}

/**
 * Loads `load()` when `deps` change; while `pollMs(data)` returns a number, loads again after that
 * many milliseconds (live status while a scan or prediction processes).
 */
export function useResource<T>(load: () => Promise<T>, deps: unknown[], pollMs?: (data: T) => number | null): Resource<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const generation = useRef(0);

  useEffect(() => {
    const mine = ++generation.current;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setLoading(true);
    load().then(
      (value) => {
        if (mine !== generation.current) return;
        setData(value); setError(null); setLoading(false);
        const wait = pollMs?.(value) ?? null;
        if (wait !== null) timer = setTimeout(() => setTick((n) => n + 1), wait);
      },
      (problem: unknown) => {
        if (mine !== generation.current) return;
        setError(problem instanceof Error ? problem : new Error(String(problem))); setLoading(false);
      },
    );
    return () => { if (timer) clearTimeout(timer); };
  }, [...deps, tick]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { data, error, loading, reload, set: setData };
}
