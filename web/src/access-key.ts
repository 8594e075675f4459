// The two keys of this browser tab, an API key and the admin key, kept in sessionStorage so they are gone when it closes.

import type { KeyKind } from './key-for-request.ts';

const STORAGE_KEYS: Record<KeyKind, string> = { api: 'hearth.api-key', admin: 'hearth.admin-key' };

/** The key of `kind` this tab uses, or null when none is set (or storage is blocked). */
export function readKey(kind: KeyKind): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEYS[kind]);
  } catch {
    return null;
  }
}

/** Keeps `key` as this tab's key of `kind`. */
export function saveKey(kind: KeyKind, key: string): void {
  sessionStorage.setItem(STORAGE_KEYS[kind], key);
}

/** Drops both keys of this tab. */
export function forgetKeys(): void {
  for (const name of Object.values(STORAGE_KEYS)) sessionStorage.removeItem(name);
}
