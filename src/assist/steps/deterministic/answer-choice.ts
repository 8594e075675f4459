// Answering a choice question ("is the kitchen radio playing or paused", "is it raining or clear") from live state:
// the device's actual state, whether or not it is one of the choices, and never a guess.

import type { RecognizeResult } from '../../../hassil/index.ts';
import type { AnswerForm, CatalogEntity, EntityCatalog } from '../../understand/index.ts';
import { isEntity, theWeather } from './answer-measurement.ts';
import { answerWordsFor } from './answer-words.ts';
import { hasReading, type QueryAnswer } from './query-answer.ts';
import type { LanguageFrames } from './question-frame-table.ts';
import { choiceWordsFor } from './question-frame-words.ts';
import { findArea, hasName, stringSlot } from './resolve-targets.ts';
import { normalizeName } from '../../home-lists.ts';

/** A choice question as read: about a named device or the weather, the grammar's match naming it, and the choices. */
export interface ChoiceQuestion {
  about: 'device' | 'weather';
  /** The grammar's state question that names the device (or asks about the weather). */
  result: RecognizeResult;
  /** The states offered, lower case, as said. */
  choices: readonly string[];
  /** One state asked about ("läuft das Radio"): answered yes or no, with the state. */
  isYesNo: boolean;
}

/** How the answer is said: in the request's language, and in one word when one word was asked for. */
export interface ChoiceSaying {
  language: string;
  frames: LanguageFrames;
  /** The form of answer the request asked for ("in one word", "yes or no"), if any. */
  form: AnswerForm | undefined;
}

/** The answer to `question` from `live`, or why there is none that is not a guess. */
export function answerChoice(question: ChoiceQuestion, live: EntityCatalog, saying: ChoiceSaying): QueryAnswer {
  return question.about === 'weather'
    ? answerWeatherChoice(question, live, saying)
    : answerDeviceChoice(question, live, saying);
}

function answerWeatherChoice(question: ChoiceQuestion, live: EntityCatalog, saying: ChoiceSaying): QueryAnswer {
  const strange = question.choices.filter((choice) => !saying.frames.weatherWords.has(choice));
  if (strange.length > 0)
    return { kind: 'unclear', reason: `"${strange.join('", "')}" is no weather condition`, candidates: [] };
  const entity = theWeather(question.result, live);
  if (!isEntity(entity)) return entity;
  const state = entity.state ?? '';
  const text =
    saying.form === 'one-word'
      ? choiceWordsFor(saying.language).weatherWord(state)
      : answerWordsFor(saying.language).weather(state);
  return { kind: 'answer', text, matched: [entity], unmatched: [] };
}

function answerDeviceChoice(question: ChoiceQuestion, live: EntityCatalog, saying: ChoiceSaying): QueryAnswer {
  const named = namedEntities(question.result, live);
  if (named.length === 0)
    return { kind: 'unclear', reason: 'no entity in the live state fits the question', candidates: [] };
  if (named.length > 1) return { kind: 'unclear', reason: 'several entities have that name', candidates: named };
  const entity = named[0]!;
  const offered = statesOf(entity, saying.frames);
  const strange = question.choices.filter((choice) => offered === undefined || !Object.hasOwn(offered, choice));
  // "Is the light on or blue": a choice that is no state of the device is a question HA-Assist cannot read.
  if (strange.length > 0)
    return {
      kind: 'unclear',
      reason: `"${strange.join('", "')}" is no state of ${entity.name}`,
      candidates: [entity],
    };
  const words = answerWordsFor(saying.language);
  // A device that does not report is in none of the states offered: it is said so, as for a yes-or-no question.
  if (!hasReading(entity)) {
    const text =
      normalizeName(entity.state ?? '') === 'unavailable' ? words.unavailable(entity.name) : words.unknown(entity.name);
    return { kind: 'answer', text, matched: [], unmatched: [entity] };
  }
  const deviceClass = entity.domain === 'binary_sensor' ? classOf(entity) : undefined;
  const state = words.state(entity.state!.trim(), deviceClass);
  const choiceWords = choiceWordsFor(saying.language);
  if (question.isYesNo) {
    const isYes = normalizeName(entity.state!) === offered![question.choices[0]!];
    // Asked for yes or no, or one word, the answer is exactly that word, as for the grammar's yes-or-no questions.
    const isBare = saying.form === 'yes-no' || saying.form === 'one-word';
    const text = isBare ? `${isYes ? words.yes : words.no}.` : choiceWords.yesNo(isYes, entity.name, state);
    return { kind: 'answer', text, matched: isYes ? [entity] : [], unmatched: isYes ? [] : [entity], yesNo: isYes };
  }
  const text = saying.form === 'one-word' ? choiceWords.oneWord(state) : choiceWords.isIn(entity.name, state);
  return { kind: 'answer', text, matched: [entity], unmatched: [] };
}

/** The entities of the match's name (in its area, when it names one). */
function namedEntities(result: RecognizeResult, live: EntityCatalog): CatalogEntity[] {
  const name = stringSlot(result, 'name');
  if (name === undefined) return [];
  const areaName = stringSlot(result, 'area');
  const area = areaName === undefined ? undefined : findArea(live, areaName);
  if (areaName !== undefined && area === undefined) return [];
  return live.entities.filter((entity) => hasName(entity, name) && (area === undefined || entity.area === area.name));
}

/** The state words a choice may offer for the entity's kind; a binary sensor of a class not listed is on or off. */
function statesOf(entity: CatalogEntity, frames: LanguageFrames): Readonly<Record<string, string>> | undefined {
  const kind = entity.domain === 'binary_sensor' ? `binary_sensor:${classOf(entity)}` : entity.domain;
  const row =
    frames.kindStates.find((states) => states.kinds.includes(kind)) ??
    (entity.domain === 'binary_sensor'
      ? frames.kindStates.find((states) => states.kinds.includes('binary_sensor:'))
      : undefined);
  return row?.words;
}

function classOf(entity: CatalogEntity): string {
  return String(entity.attributes?.device_class ?? '');
}
