// Comparing a request's bearer key with the configured ones: in constant time, whatever the key's length or content.

import { createHash, timingSafeEqual } from 'node:crypto';

/** The SHA-256 digests of the configured keys. */
export function keyDigests(keys: readonly string[]): Buffer[] {
  return keys.map(digest);
}

/** The key of `Authorization: Bearer <key>`, or undefined when the header is missing or another scheme. */
export function bearerKey(header: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
}

/** Whether `key` is one of the keys of `digests`; digests are compared so every comparison takes the same time. */
export function isKnownKey(digests: readonly Buffer[], key: string): boolean {
  const offered = digest(key);
  return digests.some((known) => timingSafeEqual(known, offered));
}

function digest(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}
