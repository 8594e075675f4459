// A question answered from live state: the read that fetches it first, the model when the answer is unclear, else the
// answer, with the devices it counted. Shared by the grammar's state questions and the frames' choice questions.

import type { Candidate } from '../../diagnostics/index.ts';
import type { EntityCatalog, HaRequest } from '../../understand/index.ts';
import type { Decision } from './decision.ts';
import { liveStateOf } from './live-state.ts';
import type { QueryAnswer } from './query-answer.ts';

/** The decision of a question `answer` answers from the request's live state; `say` words an answer it gave. */
export function decideFromLiveState(
  request: HaRequest,
  answer: (live: EntityCatalog) => QueryAnswer,
  say: (answered: QueryAnswer & { kind: 'answer' }) => string,
): Decision {
  const live = liveStateOf(request);
  if (live.kind === 'fetch')
    return { kind: 'call', calls: [live.call], plan: { kind: 'state', fetch: live.call.name } };
  if (live.kind === 'unavailable')
    return { kind: 'generative', reason: 'no live state and no GetLiveContext tool', plan: { kind: 'state' } };
  const answered = answer(live.catalog);
  if (answered.kind === 'unclear') {
    const candidates = answered.candidates.map(describeEntity);
    return {
      kind: 'generative',
      reason: answered.reason,
      plan: { kind: 'state', source: live.source, candidates },
      candidates,
    };
  }
  const matched = answered.matched.map((entity) => entity.name);
  return { kind: 'answer', text: say(answered), plan: { kind: 'state', source: live.source, matched } };
}

/** A device as a candidate the model or the person chooses from. */
export function describeEntity(entity: { name: string; domain: string; area?: string }): Candidate {
  return entity.area === undefined
    ? { name: entity.name, domain: entity.domain }
    : { name: entity.name, domain: entity.domain, area: entity.area };
}
