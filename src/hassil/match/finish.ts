// Turning a state where the whole template matched into a result (hassil's `_process_match_contexts`).

import { checkExcludedContext, contextValue, hasEntries, isRecord, pythonEquals } from '../context.ts';
import { isBlankAfterPunctuation } from '../text/normalize.ts';
import type { Intent, IntentData } from '../grammar/intents-model.ts';
import type { Sentence } from '../expression.ts';
import type { MatchEntity, RecognizeResult } from '../result.ts';
import type { IntentContext } from '../grammar/slot-lists.ts';
import { textOf, type Matcher } from './matcher.ts';
import { chainToArray, closeWildcardWith, type MatchState, type PendingEntity } from './state.ts';

/** What a finished match belongs to. */
export interface MatchOrigin {
  intent: Intent;
  block: IntentData;
  sentence: Sentence;
  defaultResponse: string;
}

/** The result for `state`, or undefined when text is left over or the block's context rules say no. */
export function finishMatch(m: Matcher, origin: MatchOrigin, state: MatchState): RecognizeResult | undefined {
  const entities = chainToArray(state.entities);
  const rest = textOf(m, state).slice(state.pos);
  const last = entities[entities.length - 1];
  let leftover = rest;
  if (rest.trim() !== '' && last !== undefined && last.isWildcard && last.isOpen) {
    // An open wildcard at the end takes the rest of the input.
    entities[entities.length - 1] = closeWildcardWith(last, last.text + rest.trim());
    leftover = '';
  }
  if (!isBlankAfterPunctuation(leftover) || entities.some((e) => e.isWildcard && e.text.trim() === ''))
    return undefined;
  const { block } = origin;
  if (hasEntries(block.excludesContext) && !checkExcludedContext(block.excludesContext, state.context))
    return undefined;
  const fromContext = hasEntries(block.requiresContext) ? slotsFromContext(block.requiresContext, state.context) : [];
  if (fromContext === undefined) return undefined;
  const list = entities.map(toMatchEntity);
  const names = new Set(list.map((entity) => entity.name));
  for (const [name, value] of Object.entries(block.slots)) {
    if (!names.has(name)) list.push({ name, value, text: '', isWildcard: false });
  }
  for (const entity of fromContext) if (!names.has(entity.name)) list.push(entity);
  return {
    intent: origin.intent,
    intentData: block,
    entities: Object.fromEntries(list.map((entity) => [entity.name, entity])),
    entitiesList: list,
    response: block.response ?? origin.defaultResponse,
    context: state.context,
    textChunksMatched: state.textChunksMatched,
    intentSentence: origin.sentence,
    intentMetadata: block.metadata,
    captures: chainToArray(state.captures),
  };
}

function toMatchEntity(entity: PendingEntity): MatchEntity {
  const text = entity.isWildcard ? entity.text.trim() : entity.text;
  const value = entity.isWildcard && typeof entity.value === 'string' ? entity.value.trim() : entity.value;
  const result: { -readonly [K in keyof MatchEntity]: MatchEntity[K] } = {
    name: entity.name,
    value,
    text,
    isWildcard: entity.isWildcard,
  };
  if (entity.isFromDigits) result.isFromDigits = true;
  if (entity.metadata !== undefined) result.metadata = entity.metadata;
  return result;
}

/**
 * Checks `requires_context` against the final context and returns the slots it copies (`{slot: true}`
 * or `{slot: "name"}`), or undefined when a requirement fails (hassil's `_copy_and_check_required_context`).
 */
function slotsFromContext(required: IntentContext, context: IntentContext): MatchEntity[] | undefined {
  const slots: MatchEntity[] = [];
  for (const [key, rule] of Object.entries(required)) {
    const copyTo = isRecord(rule)
      ? typeof rule.slot === 'string'
        ? rule.slot
        : rule.slot
          ? key
          : undefined
      : undefined;
    const expected = contextValue(rule) ?? null;
    const actual = context[key];
    const value = contextValue(actual) ?? null;
    const isSatisfied =
      expected === null
        ? value !== null
        : Array.isArray(expected)
          ? expected.some((item) => pythonEquals(item, value))
          : pythonEquals(value, expected);
    if (!isSatisfied) return undefined;
    if (copyTo === undefined) continue;
    const text = isRecord(actual) && typeof actual.text === 'string' ? actual.text : '';
    const metadata = isRecord(actual) && isRecord(actual.metadata) ? actual.metadata : undefined;
    slots.push({ name: copyTo, value, text, isWildcard: false, ...(metadata === undefined ? {} : { metadata }) });
  }
  return slots;
}
