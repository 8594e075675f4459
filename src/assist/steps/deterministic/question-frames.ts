// Question frames beyond the grammar's sentences, per language: a question said with fillers, in another order or as
// a choice ("what is the hall sensor battery level", "is the kitchen light on right now", "is the radio playing or
// paused") is said the grammar's way and recognised again; it is kept only as a state or time question, never a
// command, and only when it has one reading. The frames are question-frame-table.ts's rows.

import type { RecognizeResult } from '../../../hassil/index.ts';
import { type HomeLists, normalizeName } from '../../home-lists.ts';
import { intentRow } from '../../intent-table.ts';
import { answerChoice, type ChoiceQuestion } from './answer-choice.ts';
import type { Decision } from './decision.ts';
import type { DeterministicContext } from './deterministic-context.ts';
import { decideFromLiveState, describeEntity } from './state-decision.ts';
import { type LanguageFrames, questionFramesFor } from './question-frame-table.ts';
import { describeMatch, recognizeIntent } from './recognize-intent.ts';
import { stringSlot } from './resolve-targets.ts';

/** One way of reading the sentence: the grammar's question it comes to, or a choice question. */
type Reading =
  | { kind: 'grammar'; key: string; text: string; result: RecognizeResult }
  | ({ kind: 'choice'; key: string; text: string } & ChoiceQuestion);

/** How many rounds of rewriting a sentence may take ("can you tell me what the X battery level is": two). */
const REWRITE_DEPTH = 2;

/** The decision of a question said in one of the frames, or undefined when the sentence is in none. */
export function decideQuestionFrame(
  context: DeterministicContext,
  decideIntent: (result: RecognizeResult) => Decision,
): Decision | undefined {
  const { request, grammar, lists } = context;
  const frames = questionFramesFor(grammar.language);
  if (frames === undefined) return undefined;
  const said = tidy(request.userText);
  // Past the request's deterministic time budget, no further sentence is recognised.
  const recognize = (text: string) =>
    context.isOverBudget?.() === true ? undefined : recognizeIntent(text, request, grammar, lists);
  const readings = new Map<string, Reading>();
  for (const text of variantsOf(said, frames, lists))
    for (const reading of readingsOf(text, said, frames, recognize)) readings.set(reading.key, reading);
  if (readings.size === 0) return undefined;
  const decided = [...readings.values()].map((reading) => {
    const intent = { match: 'repaired' as const, repairedText: reading.text, ...describeMatch(reading.result) };
    const decision = reading.kind === 'grammar' ? decideIntent(reading.result) : decideChoice(reading, frames, context);
    return { reading, decision: { ...decision, intent } };
  });
  // Readings that come to the same answer (a reading named after its device, and the device's battery level) agree.
  const [first] = decided;
  if (decided.some((item) => outcomeOf(item.decision) !== outcomeOf(first!.decision)))
    return severalReadings(
      decided.map((item) => item.reading),
      lists,
    );
  return first!.decision;
}

/** What a decision does or says, without its diagnostics: two readings agree when theirs are the same. */
function outcomeOf(decision: Decision): string {
  switch (decision.kind) {
    case 'answer':
      return JSON.stringify(['answer', decision.text]);
    case 'call':
      return JSON.stringify(['call', decision.calls]);
    default:
      return JSON.stringify(['generative', decision.withoutModel ?? null]);
  }
}

/** The sentence without its fillers, and every sentence the rewrites make of it (the sentence itself first). */
function variantsOf(said: string, frames: LanguageFrames, lists: HomeLists): string[] {
  const stripped = withoutFillers(said, frames, lists);
  const variants = new Set([stripped]);
  let layer = [stripped];
  for (let depth = 0; depth < REWRITE_DEPTH && layer.length > 0; depth++) {
    const next = layer.flatMap((text) =>
      frames.rewrites.flatMap((frame) =>
        frame.pattern.test(text) ? frame.to.map((to) => tidy(text.replace(frame.pattern, to))) : [],
      ),
    );
    layer = next.filter((text) => !variants.has(text));
    for (const text of layer) variants.add(text);
  }
  return [...variants];
}

/** The readings of one variant: as a choice question, or as the grammar's state or time question. */
function readingsOf(
  text: string,
  said: string,
  frames: LanguageFrames,
  recognize: (text: string) => RecognizeResult | undefined,
): Reading[] {
  const choice = choiceReadings(text, frames, recognize);
  if (choice !== undefined) return choice;
  // The sentence as said was already not the grammar's.
  if (text === said) return [];
  const result = recognize(text);
  if (result === undefined || !isQuestion(result)) return [];
  const match = describeMatch(result);
  return [{ kind: 'grammar', key: JSON.stringify([match.intent, match.slots]), text, result }];
}

/**
 * The readings of a choice question (one per device its subject names), or undefined when the sentence is none. A
 * subject the grammar names no device by gives no reading.
 */
function choiceReadings(
  text: string,
  frames: LanguageFrames,
  recognize: (text: string) => RecognizeResult | undefined,
): Reading[] | undefined {
  for (const frame of frames.choices) {
    const groups = frame.pattern.exec(text)?.groups;
    if (groups?.subject === undefined) continue;
    const choices = [groups.verb, ...(groups.choices?.split(frames.choiceJoin) ?? [])]
      .filter((choice): choice is string => choice !== undefined && choice.trim() !== '')
      .map((choice) => choice.trim().toLowerCase());
    const isYesNo = frame.isYesNo === true;
    if (choices.length < (isYesNo ? 1 : 2)) continue;
    if (frames.weatherSubject.test(groups.subject)) {
      // "Is it on or off" is about something said before, not the weather: no reading of this frame.
      if (!choices.every((choice) => frames.weatherWords.has(choice))) return [];
      const result = recognize(frames.weatherQuestion);
      if (result === undefined || !isQuestion(result)) return [];
      const weather = { about: 'weather' as const, result, choices, isYesNo };
      return [{ kind: 'choice', key: 'weather', text: frames.weatherQuestion, ...weather }];
    }
    const sentences = new Set(choices.flatMap((choice) => frames.identify(groups.subject!, choice)));
    const readings = new Map<string, Reading>();
    for (const sentence of sentences) {
      const result = recognize(sentence);
      const name = result === undefined ? undefined : stringSlot(result, 'name');
      if (result === undefined || name === undefined || !isQuestion(result)) continue;
      const key = `device\n${normalizeName(name)}\n${normalizeName(stringSlot(result, 'area') ?? '')}`;
      if (!readings.has(key))
        readings.set(key, { kind: 'choice', key, text: sentence, about: 'device', result, choices, isYesNo });
    }
    return [...readings.values()];
  }
  return undefined;
}

/** The answer to a choice question from live state, or the read that fetches it, or the model when unclear. */
function decideChoice(question: ChoiceQuestion, frames: LanguageFrames, context: DeterministicContext): Decision {
  const { request, grammar } = context;
  const form = request.answerForm?.form;
  return decideFromLiveState(
    request,
    (live) => answerChoice(question, live, { language: grammar.language, frames, form }),
    (answered) => answered.text,
  );
}

/** Two frames read the sentence differently: the model decides, with the devices each reading names. */
function severalReadings(readings: readonly Reading[], lists: HomeLists): Decision {
  const reason = 'the question can be read in several ways';
  const named = readings.flatMap((reading) => {
    const name = stringSlot(reading.result, 'name');
    return name === undefined ? [] : (lists.entitiesByName.get(normalizeName(name)) ?? []);
  });
  const candidates = [...new Map(named.map((entity) => [describeKey(entity), describeEntity(entity)])).values()];
  return {
    kind: 'generative',
    reason,
    plan: { kind: 'state', reason, candidates },
    candidates,
    intent: { match: 'none' },
  };
}

/** True for a state or time question: a frame never makes HA-Assist act. */
function isQuestion(result: RecognizeResult): boolean {
  const kind = intentRow(result.intent.name)?.kind;
  return kind === 'state' || kind === 'time';
}

/** The sentence without the language's fillers, except a filler that is part of a device's or an area's name. */
function withoutFillers(text: string, frames: LanguageFrames, lists: HomeLists): string {
  let stripped = text;
  for (const filler of frames.fillers) {
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${filler}(?![\\p{L}\\p{N}])`, 'giu');
    if (stripped.search(pattern) < 0 || isInAName(filler, lists)) continue;
    stripped = stripped.replace(pattern, ' ');
  }
  return tidy(stripped);
}

/** True when a device or an area has `words` in its name or an alias ("Now TV", "Still Room"). */
function isInAName(words: string, lists: HomeLists): boolean {
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${words}(?![\\p{L}\\p{N}])`, 'iu');
  return [...lists.entitiesByName.keys(), ...lists.areasByName.keys()].some((name) => pattern.test(name));
}

/** The sentence with its spacing tidied and its closing punctuation and typographic apostrophes made plain. */
function tidy(text: string): string {
  return text
    .replace(/[\u2018\u2019]/gu, "'")
    .replace(/\s+/gu, ' ')
    .replace(/\s+,/gu, ',')
    .replace(/,(?=,)/gu, '')
    .replace(/^[\s,]+|[\s,.!?]+$/gu, '');
}

function describeKey(entity: { name: string; domain: string; area?: string }): string {
  return `${entity.name}\n${entity.domain}\n${entity.area ?? ''}`;
}
