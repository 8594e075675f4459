// Before a model acts on covers or valves, the gate needs to know what they are: when the request does not say, the
// turn reads live state first (one GetLiveContext round), so that blinds open at once and a garage door still asks.

import type { ToolCall } from '../../../conversation/index.ts';
import { normalizeName } from '../../home-lists.ts';
import type { CatalogEntity, HaRequest } from '../../understand/index.ts';
import { deviceClassOf } from '../deterministic/device-facts.ts';
import { liveStateOf } from '../deterministic/live-state.ts';
import type { SentenceFacts } from '../facts/index.ts';

/** The domains whose devices the gate judges by their device class (a blind acts, a garage door asks). */
const CLASSED_DOMAINS: ReadonlySet<string> = new Set(['cover', 'valve']);

/**
 * The GetLiveContext call a turn going to the model makes first, or undefined. It is made when the sentence is about
 * a command about a cover or valve whose class the request does not carry (named, or of a kind it says), the turn
 * has not read live state yet, and the request lets HA-Assist read it. Without the read, the gate would have to
 * take every such device as a door and ask; with it, the model's calls are judged by what each device is.
 */
export function readDevicesFirst(
  request: Pick<HaRequest, 'catalog' | 'liveContext' | 'tools' | 'toolChoice'>,
  facts: SentenceFacts,
): Omit<ToolCall, 'id'> | undefined {
  const { catalog } = request;
  if (catalog === undefined || request.liveContext !== undefined) return undefined;
  // A question or a negated sentence opens nothing; a `tool_choice` naming a tool leaves no room for a read.
  if (facts.question || facts.negated || typeof request.toolChoice === 'object') return undefined;
  const unread = catalog.entities.filter(
    (entity) => CLASSED_DOMAINS.has(entity.domain) && deviceClassOf(entity, catalog) === undefined,
  );
  if (!unread.some((entity) => isConcerned(entity, facts))) return undefined;
  const live = liveStateOf(request);
  return live.kind === 'fetch' ? live.call : undefined;
}

/** The sentence names the device, or says its kind ("the blinds"). */
function isConcerned(entity: CatalogEntity, facts: SentenceFacts): boolean {
  if (facts.kinds.includes(entity.domain)) return true;
  return facts.named.some(
    (target) => target.kind === 'entity' && normalizeName(target.name) === normalizeName(entity.name),
  );
}
