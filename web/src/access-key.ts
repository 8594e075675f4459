// The access key of this browser tab, kept in sessionStorage so it is gone when the tab closes.

const STORAGE_KEY = 'hearth.key';

/** The key this tab uses, or null when none is set (or storage is blocked). */
export function readAccessKey(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Keeps `key` for this tab. */
export function saveAccessKey(key: string): void {
  sessionStorage.setItem(STORAGE_KEY, key);
}

/** Drops the key of this tab. */
export function forgetAccessKey(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}
