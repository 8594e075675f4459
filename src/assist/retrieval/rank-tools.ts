// Chooses the tools a model sees: those the history depends on, those serving the chosen entities, and those the words name.

import { createLruCache, type LruCache, type OfferedTool } from '../understand/index.ts';
import { isServicesTool } from '../extended/service-table.ts';
import { domainsOfTool } from '../intent-table.ts';
import { contentTerms } from './terms.ts';

/** What tool selection works from. */
export interface ToolSelectionInput {
  tools: readonly OfferedTool[];
  /** The sentence's content terms. */
  terms: readonly string[];
  /** Domains of the entities retrieval chose, in the order of their best-ranked entity. */
  domains: readonly string[];
  /** True when the sentence is about the home at all (an entity, area or device word was found). */
  aboutHome: boolean;
  /** Exact tool names the request depends on: the active tool rounds and a named `tool_choice`. */
  required: ReadonlySet<string>;
  /** At most this many tools, besides the required ones. */
  limit: number;
  /** The words of tool names seen before (a pipeline's own: see `createAssistCaches`). */
  toolWords: ToolWordsCache;
}

/** A chosen tool and why it was chosen (for `metrics.ha_retrieval`). */
export interface ChosenTool {
  tool: OfferedTool;
  reason: 'required' | 'domain' | 'words';
}

/**
 * The tools to offer the model, in the request's order. A sentence not about the home gets only the
 * tools its words name (none for "What is the capital of France?").
 */
export function chooseTools(input: ToolSelectionInput): ChosenTool[] {
  const terms = new Set(input.terms);
  const domains = new Map(input.domains.map((domain, rank) => [domain, rank]));
  const scored = input.tools.map((tool, order) => ({
    tool,
    order,
    ...scoreTool(tool, toolWords(tool, input.toolWords), { terms, domains, aboutHome: input.aboutHome }),
  }));
  const required = scored.filter((entry) => input.required.has(entry.tool.name));
  const optional = scored
    .filter((entry) => !input.required.has(entry.tool.name) && entry.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, input.limit);
  return [...required.map((entry) => ({ ...entry, reason: 'required' as const })), ...optional]
    .sort((a, b) => a.order - b.order)
    .map((entry) => ({ tool: entry.tool, reason: entry.reason }));
}

/**
 * A tool's relevance. About the home, the tools for any device (on/off and the live-state read) come
 * first, then each chosen domain's own tools, in the order of the domain's best entity; a word of the
 * tool's name adds one.
 */
function scoreTool(
  tool: OfferedTool,
  words: readonly string[],
  query: { terms: ReadonlySet<string>; domains: ReadonlyMap<string, number>; aboutHome: boolean },
): { score: number; reason: ChosenTool['reason'] } {
  const { terms, domains, aboutHome } = query;
  const named = words.filter((word) => terms.has(word)).length;
  // The services function serves every device, as the on/off intents do.
  const served = domainsOfTool(tool.canonicalName) ?? (isServicesTool(tool.canonicalName) ? ANY_DEVICE : undefined);
  let score = named;
  if (aboutHome && served !== undefined) {
    if (served.includes('*')) score += 3;
    else {
      const rank = Math.min(...served.map((domain) => domains.get(domain) ?? Infinity));
      if (rank !== Infinity) score += 2 + 1 / (1 + rank);
    }
  }
  return { score, reason: named > 0 && score === named ? 'words' : 'domain' };
}

const ANY_DEVICE = ['*'];

/** Tool names seen, with their words. */
export type ToolWordsCache = LruCache<readonly string[]>;

/** Names kept: requests carry their own tools, so the cache is bounded. */
const TOOL_NAMES_KEPT = 1024;

/** An empty cache of tool words, holding at most {@link TOOL_NAMES_KEPT} names. */
export function createToolWordsCache(): ToolWordsCache {
  return createLruCache(TOOL_NAMES_KEPT);
}

/** The content words of a tool's name ("HassClimateSetTemperature" → climate, set, temperature). */
function toolWords(tool: OfferedTool, cache: ToolWordsCache): readonly string[] {
  let words = cache.get(tool.canonicalName);
  if (words === undefined) {
    const spaced = tool.canonicalName
      .replace(/^Hass/u, '')
      .replace(/([a-z])([A-Z])/gu, '$1 $2')
      .replace(/_/gu, ' ');
    words = contentTerms(spaced).filter((word) => word !== 'hass' && word !== 'set' && word !== 'get');
    cache.set(tool.canonicalName, words);
  }
  return words;
}
