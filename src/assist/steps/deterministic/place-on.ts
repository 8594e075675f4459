// A place said with "on" or "at" ("the lights on the patio", "the lamp at the porch"): the grammar says places with
// "in", so the sentence is recognised again with "in the" and kept only when it is a command on that area.

import type { RecognizeResult } from '../../../hassil/index.ts';
import { normalizeName, type HomeLists } from '../../home-lists.ts';
import { intentRow } from '../../intent-table.ts';
import { stringSlot } from './resolve-targets.ts';

/** "on the" or "at the" before a place, in English (the only language whose grammar lacks them). */
const ON_PLACE = /(?<![\p{L}\p{N}])(?:on|at)\s+the\s+/giu;

/**
 * The match of `text` with "on the <area>" or "at the <area>" said "in the <area>", when that sentence is a command
 * (not a question) on exactly that area naming no device; undefined otherwise (other languages, no area after the
 * words, a device name, or no match).
 */
export function recognizePlaceOn(
  text: string,
  lists: Pick<HomeLists, 'areasByName'>,
  recognize: (text: string) => RecognizeResult | undefined,
  language: string,
): { result: RecognizeResult; text: string } | undefined {
  if (language !== 'en') return undefined;
  for (const match of text.matchAll(ON_PLACE)) {
    const start = match.index + match[0].length;
    const area = areaAt(text, start, lists);
    if (area === undefined) continue;
    const said = `${text.slice(0, match.index)}in the ${text.slice(start)}`;
    const result = recognize(said);
    if (result === undefined || intentRow(result.intent.name)?.kind !== 'action') continue;
    if (result.entities.name !== undefined) continue;
    const slot = stringSlot(result, 'area');
    if (slot !== undefined && lists.areasByName.get(normalizeName(slot))?.name === area) return { result, text: said };
  }
  return undefined;
}

/** The catalogue name of the area whose name or alias starts at `start` as whole words, the longest one. */
function areaAt(text: string, start: number, lists: Pick<HomeLists, 'areasByName'>): string | undefined {
  let best: { area: string; length: number } | undefined;
  for (const [key, area] of lists.areasByName) {
    const end = start + key.length;
    const isWhole = normalizeName(text.slice(start, end)) === key && !/^[\p{L}\p{N}]/u.test(text.slice(end));
    if (isWhole && (best === undefined || key.length > best.length)) best = { area: area.name, length: key.length };
  }
  return best?.area;
}
