// One piece of server data a view shows: loaded on mount, reloadable, with the last error.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { type ApiError, toApiError } from './api.ts';

/** What a view knows about one piece of server data. */
export interface Resource<T> {
  /** The last answer, kept while a reload runs or fails; null before the first one. */
  data: T | null;
  /** The error of the last attempt, or null when it succeeded. */
  error: ApiError | null;
  /** True until the first attempt has finished. */
  isLoading: boolean;
  /** Loads again; resolves when the answer is shown. */
  reload: () => Promise<void>;
}

/** Loads `load()` on mount and on every `reload()`; an answer older than the newest request is dropped. */
export function useResource<T>(load: () => Promise<T>): Resource<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [isLoading, setIsLoading] = useState(true);
  const latestLoad = useRef(load);
  latestLoad.current = load;
  // Counts requests so a slow answer cannot overwrite a newer one; -1 once unmounted.
  const sequence = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++sequence.current;
    try {
      const answer = await latestLoad.current();
      if (mine !== sequence.current) return;
      setData(answer);
      setError(null);
    } catch (caught) {
      if (mine !== sequence.current) return;
      setError(toApiError(caught));
    }
    setIsLoading(false);
  }, []);

  useEffect(() => {
    void reload();
    return () => {
      sequence.current = -1;
    };
  }, [reload]);

  return { data, error, isLoading, reload };
}
