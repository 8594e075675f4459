// Answering how many items a to-do list has, from the list entity's state (HassGetState on a `todo` entity).

import type { RecognizeResult } from '../../../hassil/index.ts';
import type { CatalogEntity, EntityCatalog } from '../../understand/index.ts';
import { hasReading, numberOf, type QueryAnswer } from './query-answer.ts';
import { hasName, stringSlot } from './resolve-targets.ts';

/**
 * "How many items are on my shopping list?": Home Assistant's state of a `todo` entity is the number of its open
 * (not completed) items. A list that does not report, or a name several lists share, is no answer.
 */
export function answerListCount(result: RecognizeResult, live: EntityCatalog): QueryAnswer {
  const name = stringSlot(result, 'name');
  const lists = live.entities.filter((e) => e.domain === 'todo' && name !== undefined && hasName(e, name));
  if (lists.length !== 1)
    return {
      kind: 'unclear',
      reason: lists.length === 0 ? 'no to-do list of that name' : 'several to-do lists have that name',
      candidates: lists,
    };
  const list = lists[0]!;
  const count = hasReading(list) ? numberOf(list.state) : undefined;
  if (count === undefined || !Number.isInteger(count) || count < 0)
    return { kind: 'unclear', reason: 'the list does not report its number of items', candidates: lists };
  return { kind: 'answer', text: countSentence(count, list), matched: lists, unmatched: [] };
}

/** "There are 2 items on the Shopping List." / "There is 1 item on Tasks." / "There are no items on …". */
function countSentence(count: number, list: CatalogEntity): string {
  // "the Shopping List", but "Tasks": a name that is not a list noun takes no article.
  const where = /\blist$/iu.test(list.name) ? `the ${list.name}` : list.name;
  if (count === 1) return `There is 1 item on ${where}.`;
  return `There are ${count === 0 ? 'no' : count} items on ${where}.`;
}
