// A value loaded on first use, loaded again after a failure, and dropped on close so the next use loads it anew.

/** A memoized asynchronous load. */
export interface LazyLoad<T> {
  /** The value, loading it on the first call; concurrent calls share one load, and a failed load is retried by the next call. */
  get(): Promise<T>;
  /** Forgets the value so the next `get` loads again; resolves to what had been loaded, or undefined when nothing was (or the load failed). */
  forget(): Promise<T | undefined>;
}

/** A lazy load of what `load` returns; nothing is loaded until the first `get()`. */
export function createLazyLoad<T>(load: () => Promise<T>): LazyLoad<T> {
  let loading: Promise<T> | undefined;
  return {
    get() {
      loading ??= load().catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
      return loading;
    },
    async forget() {
      const current = loading;
      loading = undefined;
      return current?.catch(() => undefined);
    },
  };
}
