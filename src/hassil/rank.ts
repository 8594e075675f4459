// recognizeBest: hassil's ranking of every result (metadata key, named slot, then literal text and wildcards).

import type { Intents } from './grammar/intents-model.ts';
import { forEachResult } from './recognize.ts';
import type { RecognizeBestOptions, RecognizeResult } from './result.ts';

/**
 * The best result: results with `bestMetadataKey` set in their block metadata win; then results with a
 * non-wildcard `bestSlotName` entity, the longest entity text first; then, stably, fewer wildcards, more
 * literal characters, and less text in wildcards (hassil 3.8.0).
 */
export function recognizeBest(
  text: string,
  intents: Intents,
  options: RecognizeBestOptions = {},
): RecognizeResult | undefined {
  const { bestMetadataKey, bestSlotName } = options;
  let best: RecognizeResult[] = [];
  let isMetadataFound = false;
  let isSlotFound = false;
  let bestSlotLength = -1;
  forEachResult(text, intents, options, (result) => {
    if (bestMetadataKey !== undefined) {
      const hasMetadata = Boolean(result.intentMetadata?.[bestMetadataKey]);
      if (isMetadataFound && !hasMetadata) return true;
      if (!isMetadataFound && hasMetadata) {
        isMetadataFound = true;
        isSlotFound = false;
        best = [];
        bestSlotLength = -1;
      }
    }
    if (bestSlotName) {
      const entity = result.entities[bestSlotName];
      const hasSlot = entity !== undefined && !entity.isWildcard;
      if (isSlotFound && !hasSlot) return true;
      if (!isSlotFound && hasSlot) {
        isSlotFound = true;
        best = [];
      }
      if (hasSlot && typeof entity.value === 'string') {
        if (entity.text.length > bestSlotLength) {
          bestSlotLength = entity.text.length;
          best = [];
        } else if (entity.text.length < bestSlotLength) {
          return true;
        }
      }
    }
    best.push(result);
    return true;
  });
  return best
    .map((result, order) => ({ result, order, key: scoreOf(result) }))
    .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2] || a.order - b.order)[0]?.result;
}

/** (wildcards, −literal characters, wildcard text length): lower is better. */
function scoreOf(result: RecognizeResult): [number, number, number] {
  let wildcards = 0;
  let wildcardLength = 0;
  for (const entity of result.entitiesList) {
    if (!entity.isWildcard) continue;
    wildcards++;
    wildcardLength += entity.text.length;
  }
  return [wildcards, -result.textChunksMatched, wildcardLength];
}
