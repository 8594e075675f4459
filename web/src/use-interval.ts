// Runs a callback every few milliseconds while the component that asked is mounted.
import { useEffect, useRef } from 'preact/hooks';

/** Calls `callback` every `ms` milliseconds (the latest callback, so it may close over fresh state). */
export function useInterval(callback: () => void, ms: number): void {
  const latest = useRef(callback);
  latest.current = callback;
  useEffect(() => {
    const timer = window.setInterval(() => latest.current(), ms);
    return () => window.clearInterval(timer);
  }, [ms]);
}
