// What a local Ollama has: its models, asked at start (`/api/tags`, then each model's `/api/show` capabilities), each
// judged a chat, vision or embedding model.

import { isRecord } from '../common/index.ts';

/** How long the start may wait for Ollama to answer. */
const DISCOVERY_TIMEOUT_MS = 1500;
/** Models asked about (`/api/show`) at most, so that a large library does not slow the start. */
const MAX_SHOWN = 24;

/** What hearth learnt about one Ollama model. */
export interface DiscoveredModel {
  readonly name: string;
  /** It reads images (`capabilities` has `vision`, or its family is a vision one). */
  readonly vision: boolean;
  /** It only embeds text: never a chat model. */
  readonly embedding: boolean;
}

/** The outcome of asking Ollama at start. */
export type OllamaDiscovery =
  | { readonly kind: 'found'; readonly url: string; readonly models: readonly DiscoveredModel[] }
  | { readonly kind: 'absent'; readonly url: string; readonly reason: string };

/** Reads `/api/tags` (and each model's `/api/show` capabilities, when given) into discovered models. */
export function readOllamaModels(
  tags: unknown,
  capabilities: ReadonlyMap<string, readonly string[]> = new Map(),
): DiscoveredModel[] {
  const models = isRecord(tags) && Array.isArray(tags.models) ? tags.models : [];
  return models.flatMap((model): DiscoveredModel[] => {
    if (!isRecord(model) || typeof model.name !== 'string' || model.name === '') return [];
    const details = isRecord(model.details) ? model.details : {};
    const families = [details.family, ...(Array.isArray(details.families) ? details.families : [])]
      .filter((family): family is string => typeof family === 'string')
      .map((family) => family.toLowerCase());
    const known = capabilities.get(model.name);
    const name = model.name.toLowerCase();
    const embedding =
      known !== undefined
        ? known.includes('embedding') && !known.includes('completion')
        : families.some((family) => family.includes('bert')) || /embed|minilm|\bbge\b|\be5\b/u.test(name);
    const vision =
      known !== undefined
        ? known.includes('vision')
        : families.some((family) => family === 'clip' || family === 'mllama') ||
          /llava|vision|moondream|-vl\b|vl:|vl$/u.test(name);
    return [{ name: model.name, vision, embedding }];
  });
}

/** Asks Ollama at `url` for its models; any failure is `absent` with the reason, never an error. */
export async function discoverOllama(url: string, fetch: typeof globalThis.fetch): Promise<OllamaDiscovery> {
  const getJson = async (path: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(`${url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return response.json();
  };
  let tags: unknown;
  try {
    tags = await getJson('/api/tags');
  } catch (error) {
    return { kind: 'absent', url, reason: reasonOf(error) };
  }
  const names = readOllamaModels(tags).map((model) => model.name);
  const capabilities = new Map<string, readonly string[]>();
  for (const name of names.slice(0, MAX_SHOWN)) {
    try {
      const shown = await getJson('/api/show', { model: name });
      if (isRecord(shown) && Array.isArray(shown.capabilities))
        capabilities.set(
          name,
          shown.capabilities.filter((item): item is string => typeof item === 'string'),
        );
    } catch {
      // An older Ollama without capabilities: the model is judged by its name and family.
    }
  }
  return { kind: 'found', url, models: readOllamaModels(tags, capabilities) };
}

function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return error.name === 'TimeoutError' ? `no answer in ${DISCOVERY_TIMEOUT_MS / 1000} s` : `${error.message}${cause}`;
}
