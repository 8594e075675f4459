// The device a command means when the sentence names none and no place ("start the fan", "pause", "close the
// drapes"): the one device of that kind in the home, or, for a player, the one playing. Never a guess: when the home
// has several, the person or the model chooses.

import type { ToolCall } from '../../../conversation/index.ts';
import { intentRow } from '../../intent-table.ts';
import type { CatalogEntity, EntityCatalog, HaRequest } from '../../understand/index.ts';
import { liveStateOf } from './live-state.ts';
import type { Targets } from './resolve-targets.ts';
import type { AnswerWords } from './answer-words.ts';

/** Most devices a question lists ("Which one do you mean: …"); with more, the model gets the turn without a list. */
export const MAX_QUESTION_CANDIDATES = 8;

/** The one device meant, the live state to read first, several that fit, or why none does. */
export type ImplicitTarget =
  | { kind: 'entity'; entity: CatalogEntity }
  | { kind: 'fetch'; call: Omit<ToolCall, 'id'> }
  | { kind: 'several'; candidates: CatalogEntity[] }
  | { kind: 'none'; reason: string; answer?: string };

/**
 * The device `intent` acts on when `targets` name only a kind (domains, device classes). Device classes and a
 * preferred state are read from live state (the Static Context has neither), fetched first when the request has
 * none: a device of unknown class never counts as one of the class.
 */
export function implicitTarget(
  intent: string,
  targets: Targets,
  request: HaRequest,
  words: AnswerWords,
): ImplicitTarget {
  const row = intentRow(intent);
  const rowDomains = row?.domains?.includes('*') === false ? row.domains : [];
  const domains = targets.domains.length > 0 ? targets.domains : rowDomains;
  if (domains.length === 0) return { kind: 'none', reason: 'the sentence names no device, no kind and no place' };
  const prefer = row?.kind === 'action' ? (row.prefer ?? []) : [];
  const ofKind = (catalog: EntityCatalog | undefined) =>
    (catalog?.entities ?? []).filter((entity) => domains.includes(entity.domain));
  let pool = ofKind(request.catalog);
  const kinds = targets.deviceClasses.length > 0 ? targets.deviceClasses : domains;
  const kind = describeKind(kinds);
  const noKind: ImplicitTarget = { kind: 'none', reason: `the home has no ${kind}`, answer: words.noKind(kinds) };
  if (pool.length === 0) return noKind;
  const needsClasses = targets.deviceClasses.length > 0 && pool.some((entity) => entity.attributes === undefined);
  const needsStates = prefer.length > 0 && pool.length > 1 && pool.some((entity) => entity.state === undefined);
  if (needsClasses || needsStates) {
    const live = liveStateOf(request);
    if (live.kind === 'fetch') return { kind: 'fetch', call: live.call };
    if (live.kind === 'unavailable')
      return { kind: 'none', reason: `no live state to tell which ${kind} is meant and no GetLiveContext tool` };
    pool = ofKind(live.catalog);
  }
  if (targets.deviceClasses.length > 0) pool = pool.filter((entity) => hasClass(entity, targets.deviceClasses));
  if (pool.length === 0) return noKind;
  const preferred = pool.filter((entity) => entity.state !== undefined && prefer.includes(entity.state));
  const chosen = preferred.length > 0 ? preferred : pool;
  if (chosen.length === 1) return { kind: 'entity', entity: chosen[0]! };
  // Too many to list: without a model, the person is asked for the place instead (never every one of them).
  if (chosen.length > MAX_QUESTION_CANDIDATES)
    return {
      kind: 'none',
      reason: `${chosen.length} devices are a ${kind} and the sentence names no place`,
      answer: words.whichArea,
    };
  return { kind: 'several', candidates: chosen };
}

function hasClass(entity: CatalogEntity, deviceClasses: readonly string[]): boolean {
  const deviceClass = entity.attributes?.device_class;
  return typeof deviceClass === 'string' && deviceClasses.includes(deviceClass);
}

/** "media player", "curtain or blind". */
function describeKind(kinds: readonly string[]): string {
  return kinds.map((kind) => kind.replaceAll('_', ' ')).join(' or ');
}
