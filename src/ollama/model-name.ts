// Ollama model names (`name:tag`) for our model ids, and a requested name back to the id it means.

/** The tag Ollama assumes when a name has none. */
const DEFAULT_TAG = ':latest';

/** The name a model is listed under: its id, with `:latest` added when it has no tag (`HA-Assist:latest`). */
export function ollamaNameOf(id: string): string {
  return id.includes(':') ? id : `${id}${DEFAULT_TAG}`;
}

/**
 * The id among `ids` that `requested` means: the exact id, the id without a `:latest` tag, or else the one id
 * that matches ignoring case (Ollama names are lower-case by habit: Home Assistant's setup lists
 * `ha-assist:latest`). Undefined when none, or several, match.
 */
export function resolveOllamaModel(requested: string, ids: readonly string[]): string | undefined {
  const bare = requested.endsWith(DEFAULT_TAG) ? requested.slice(0, -DEFAULT_TAG.length) : requested;
  for (const candidate of [requested, bare]) if (ids.includes(candidate)) return candidate;
  const lower = new Set([requested.toLowerCase(), bare.toLowerCase()]);
  const matches = ids.filter((id) => lower.has(id.toLowerCase()));
  return matches.length === 1 ? matches[0] : undefined;
}
