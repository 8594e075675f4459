// The configured API keys (`server.api_keys`): every key's text, and the connections of the keys limited to some.

import type { ApiKeyConfig } from './config-schema.ts';

/** The text of every configured key, limited or not (each one opens /v1, /api and /mcp). */
export function apiKeyTexts(entries: readonly ApiKeyConfig[]): string[] {
  return entries.map((entry) => (typeof entry === 'string' ? entry : entry.key));
}

/** The connections each limited key may use on /mcp, by the key's text; a key not in it may use every one. */
export function keyConnections(entries: readonly ApiKeyConfig[]): Map<string, readonly string[]> {
  const limited = new Map<string, readonly string[]>();
  for (const entry of entries) if (typeof entry !== 'string') limited.set(entry.key, [...entry.connections]);
  return limited;
}
