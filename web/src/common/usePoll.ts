import { useCallback, useEffect, useRef, useState } from "react";

export interface Polled<T> {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
  refresh: () => void;
}

/** Calls `load` now and every `everyMs` (and on `refresh`); the newest answer wins. */
export function usePoll<T>(load: () => Promise<T>, everyMs: number, deps: unknown[]): Polled<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<Error>();
  const [loading, setLoading] = useState(true);
  const generation = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const refresh = useCallback(() => {
    const mine = ++generation.current;
    loadRef.current().then(
      (value) => {
        if (mine !== generation.current) return;
        setData(value);
        setError(undefined);
        setLoading(false);
      },
      (caught: unknown) => {
        if (mine !== generation.current) return;
        setError(caught instanceof Error ? caught : new Error(String(caught)));
        setLoading(false);
      },
    );
  }, []);
  useEffect(() => {
    setLoading(true);
    refresh();
    if (everyMs <= 0) return undefined;
    const timer = setInterval(refresh, everyMs);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refresh, everyMs, ...deps]);
  return { data, error, loading, refresh };
}
