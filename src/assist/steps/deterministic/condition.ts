// Conditions: "if <a state or a reading> <comparison> <value>, <command>" ("if the office is below 19 degrees, set the
// office thermostat to 21", "turn on the porch light if the front door is open"). The condition names one device, or
// a place's one temperature sensor; the command is one HA-Assist plans exactly. Live state is read, the reading is
// compared exactly (its unit checked), and then the command is sent, or HA-Assist says why it did nothing. Anything
// vaguer ("if it's dark outside") is the model's; a condition on a device that is missing or does not report never acts.

import type { RecognizeResult } from '../../../hassil/index.ts';
import type { ConditionDiagnostics, PlanDiagnostics } from '../../diagnostics/index.ts';
import { normalizeName } from '../../home-lists.ts';
import { intentRow } from '../../intent-table.ts';
import type { CatalogEntity, EntityCatalog } from '../../understand/index.ts';
import { answerStateQuery } from './answer-query.ts';
import { answerWordsFor } from './answer-words.ts';
import {
  type ConditionalSentence,
  type ConditionSubject,
  type ReadingCondition,
  readReadingCondition,
  splitConditional,
} from './condition-clause.ts';
import { type ConditionWords, conditionWordsFor, type Quantity, type SpokenUnit } from './condition-words.ts';
import type { Decision, GenerativeDecision } from './decision.ts';
import type { DeterministicContext } from './deterministic-context.ts';
import { liveStateOf } from './live-state.ts';
import { formatNumber, hasReading, numberOf } from './query-answer.ts';
import { describeMatch, recognizeIntent, UNKNOWN_AREA } from './recognize-intent.ts';
import { findArea, hasName } from './resolve-targets.ts';

/**
 * The decision of a conditional sentence whose command the grammar matches, or undefined for any other sentence (the
 * gate holds every other step to the sentence's condition: none of them acts on it).
 */
export function decideCondition(
  context: DeterministicContext,
  decideIntent: (result: RecognizeResult) => Decision,
): Decision | undefined {
  const language = context.grammar.language;
  const words = conditionWordsFor(language);
  if (words === undefined) return undefined;
  const sentence = splitConditional(context.request.userText, words);
  if (sentence === undefined) return undefined;
  const handOver = (reason: string, withoutModel = words.say.notChecked): GenerativeDecision => ({
    kind: 'generative',
    reason,
    plan: { kind: 'action', reason },
    intent: { match: 'none' },
    withoutModel,
  });
  // "If the door is not locked, lock it": a negation is the model's to weigh, wherever it is.
  if (context.facts.negated) return handOver('the conditional sentence has a negation');
  const condition = readCondition(sentence, words, context);
  const command = recognizeCommand(sentence, words, condition, context);
  if (command === undefined) return undefined;
  const intent = { match: 'repaired' as const, repairedText: command.text, ...describeMatch(command.result) };
  if (condition === undefined) return handOver(`the condition "${sentence.condition}" is not one HA-Assist checks`);
  const planned = decideIntent(command.result);
  if (planned.kind !== 'call') return handOver(`the command "${command.text}" is not one HA-Assist plans exactly`);
  const live = liveStateOf(context.request);
  if (live.kind === 'fetch')
    return { kind: 'call', calls: [live.call], plan: { kind: 'state', fetch: live.call.name }, intent };
  if (live.kind === 'unavailable') return handOver('no live state to check the condition with', words.say.noLiveState);
  const checked = checkCondition(condition, live.catalog, words, language, context.request.userText);
  if (checked.kind === 'model') return handOver(checked.reason);
  if (checked.kind === 'answer')
    return { kind: 'answer', text: checked.text, plan: { kind: 'action', condition: checked.diagnostics }, intent };
  const plan: PlanDiagnostics = { ...planned.plan, condition: checked.diagnostics };
  return { ...planned, plan, intent };
}

/** A condition as HA-Assist checks it: a reading compared with a number, or the grammar's question of one device. */
type Condition = ReadingCondition | { kind: 'state'; question: RecognizeResult; device: string };

/** The condition of `sentence`, or undefined when it is neither a reading compared nor one device's state. */
function readCondition(
  sentence: ConditionalSentence,
  words: ConditionWords,
  context: DeterministicContext,
): Condition | undefined {
  const reading = readReadingCondition(sentence.condition, words, context.grammar.language);
  if (reading !== undefined) return reading;
  const said = words.asQuestion(sentence.condition);
  if (said === undefined) return undefined;
  const question = recognizeIntent(said, context.request, context.grammar, context.lists);
  const name = question?.entities.name?.value;
  if (question === undefined || intentRow(question.intent.name)?.kind !== 'state') return undefined;
  if (typeof name !== 'string' || question.entities.state === undefined) return undefined;
  return { kind: 'state', question, device: name };
}

/**
 * The command, matched exactly as a command, with a pronoun ("close it") said as the condition's device; undefined
 * when it is no command the grammar matches.
 */
function recognizeCommand(
  sentence: ConditionalSentence,
  words: ConditionWords,
  condition: Condition | undefined,
  context: DeterministicContext,
): { text: string; result: RecognizeResult } | undefined {
  const device = condition === undefined ? undefined : deviceOf(condition, context);
  const text =
    device === undefined
      ? sentence.command
      : sentence.command.replace(pronouns(words), (_, before: string) => `${before}${words.pronounFor(device)}`);
  const { request, grammar, lists } = context;
  const result = recognizeIntent(text, request, grammar, lists, { unknownArea: true });
  if (result === undefined || intentRow(result.intent.name)?.kind !== 'action') return undefined;
  if (result.entities.area?.value === UNKNOWN_AREA && request.satellite !== undefined) return undefined;
  return { text, result };
}

/** The one device a condition names, by its catalogue name, or undefined (a place, or a name several share). */
function deviceOf(condition: Condition, context: DeterministicContext): string | undefined {
  const name =
    condition.kind === 'state' ? condition.device : condition.subject.isPlace ? undefined : condition.subject;
  if (name === undefined) return undefined;
  const keys = typeof name === 'string' ? [name] : [name.said, name.name];
  for (const key of keys) {
    const found = context.lists.entitiesByName.get(normalizeName(key));
    if (found !== undefined) return found.length === 1 ? found[0]!.name : undefined;
  }
  return undefined;
}

function pronouns(words: ConditionWords): RegExp {
  return new RegExp(`(^|[^\\p{L}\\p{N}])(?:${words.pronouns.join('|')})(?![\\p{L}\\p{N}])`, 'giu');
}

/** What checking a condition came to: it holds (act), it does not or cannot be known (say why), or the model's. */
type Checked =
  | { kind: 'held'; diagnostics: ConditionDiagnostics }
  | { kind: 'answer'; text: string; diagnostics: ConditionDiagnostics }
  | { kind: 'model'; reason: string };

function checkCondition(
  condition: Condition,
  live: EntityCatalog,
  words: ConditionWords,
  language: string,
  text: string,
): Checked {
  if (condition.kind === 'reading') return checkReading(condition, live, words, { language, text });
  const answered = answerStateQuery(condition.question, live);
  if (answered.kind === 'unclear') return { kind: 'model', reason: answered.reason };
  const diagnostics = { subject: condition.device, reading: answered.text, held: answered.yesNo === true };
  if (answered.yesNo === true) return { kind: 'held', diagnostics };
  // "No, the Porch Light is on." or "The Porch Light is unavailable.": said, and nothing done.
  return { kind: 'answer', text: words.say.stateNotHeld(answered.text), diagnostics };
}

/** A reading and where it comes from. */
interface Reading {
  source: CatalogEntity;
  value: number;
  /** Home Assistant's unit ("°C", "%"), "degrees" for a thermostat that does not say which, or "". */
  unit: string;
}

function checkReading(
  condition: ReadingCondition,
  live: EntityCatalog,
  words: ConditionWords,
  { language, text }: { language: string; text: string },
): Checked {
  const { subject } = condition;
  const found = sourceOf(subject, live);
  const unread = (text: string, name: string): Checked => ({
    kind: 'answer',
    text,
    diagnostics: { subject: name, reading: 'none', held: false },
  });
  switch (found.kind) {
    case 'unknown':
      return unread(words.say.unknownSubject(asSaid(text, subject.said)), subject.said);
    case 'no-sensor':
      return unread(words.say.noSensor(found.quantity, found.area), found.area);
    case 'model':
      return { kind: 'model', reason: found.reason };
  }
  const source = found.entity;
  const reading = readingOf(source, found.quantity);
  if (reading === undefined) return unread(words.say.noReading(source.name), source.name);
  const said = answerWordsFor(language);
  const shown = said.reading(formatNumber(reading.value), reading.unit === 'degrees' ? '' : reading.unit);
  const diagnostics = { subject: source.name, reading: shown, held: false };
  if (condition.unit !== undefined && !unitFits(condition.unit.unit, reading.unit))
    return {
      kind: 'answer',
      text: words.say.unitMismatch(
        source.name,
        reading.unit === '' ? '?' : reading.unit,
        asSaid(text, condition.unit.said),
      ),
      diagnostics,
    };
  if (compare(reading.value, condition.comparison, condition.value))
    return { kind: 'held', diagnostics: { ...diagnostics, held: true } };
  const value = said.reading(formatNumber(condition.value), reading.unit === 'degrees' ? '' : reading.unit);
  return { kind: 'answer', text: words.say.notHeld(source.name, shown, condition.comparison, value), diagnostics };
}

/** `words` (lower case) as the sentence `text` says them, in its letters' case. */
function asSaid(text: string, words: string): string {
  const at = text.toLowerCase().indexOf(words);
  return at < 0 ? words : text.slice(at, at + words.length);
}

type Source =
  | { kind: 'entity'; entity: CatalogEntity; quantity: Quantity | undefined }
  | { kind: 'unknown' }
  | { kind: 'no-sensor'; quantity: Quantity; area: string }
  | { kind: 'model'; reason: string };

/**
 * The device whose reading the subject means: a device by its whole name ("hall sensor battery"), a device and a
 * quantity ("office thermostat temperature"), or a place's one sensor of the quantity (temperature when none is said).
 */
function sourceOf(subject: ConditionSubject, live: EntityCatalog): Source {
  const names = subject.isPlace ? [] : subject.said === subject.name ? [subject.said] : [subject.said, subject.name];
  for (const name of names) {
    const entities = live.entities.filter((entity) => hasName(entity, name));
    if (entities.length > 1) return { kind: 'model', reason: `several devices are called "${name}"` };
    const [entity] = entities;
    if (entity === undefined) continue;
    const quantity = name === subject.said ? undefined : subject.quantity;
    if (quantity === undefined && !READING_DOMAINS.has(entity.domain))
      return { kind: 'model', reason: `${entity.name} is no sensor` };
    if (quantity !== undefined && !fits(entity, quantity))
      return { kind: 'model', reason: `${entity.name} does not read its ${quantity}` };
    return { kind: 'entity', entity, quantity };
  }
  const area = findArea(live, subject.name);
  if (area === undefined) return { kind: 'unknown' };
  const quantity = subject.quantity ?? 'temperature';
  const here = live.entities.filter((entity) => entity.area === area.name);
  const sensors = here.filter((entity) => entity.domain === 'sensor' && fits(entity, quantity));
  // A thermostat's ambient reading stands for the place only where no sensor does.
  const sources = sensors.length > 0 ? sensors : here.filter((e) => e.domain === 'climate' && fits(e, quantity));
  if (sources.length === 0) return { kind: 'no-sensor', quantity, area: area.name };
  if (sources.length > 1) return { kind: 'model', reason: `several ${quantity} readings are in the ${area.name}` };
  return { kind: 'entity', entity: sources[0]!, quantity };
}

/** The domains whose state or ambient reading is a number. */
const READING_DOMAINS: ReadonlySet<string> = new Set(['sensor', 'climate', 'number', 'input_number']);

/** Degree units Home Assistant reports. */
const DEGREES: ReadonlySet<string> = new Set(['°C', '°F']);

/** True when `entity` reads `quantity`: a sensor of that class (or a degree unit), or a thermostat's ambient reading. */
function fits(entity: CatalogEntity, quantity: Quantity): boolean {
  const deviceClass = entity.attributes?.device_class;
  if (entity.domain === 'climate') return quantity === 'temperature' || quantity === 'humidity';
  if (entity.domain !== 'sensor') return false;
  if (deviceClass === quantity) return true;
  return quantity === 'temperature' && DEGREES.has(String(entity.attributes?.unit_of_measurement ?? ''));
}

/**
 * The number `entity` reads, or undefined when it does not report one: a sensor's state, a thermostat's ambient
 * `current_temperature` (never its setpoint) or `current_humidity`.
 */
function readingOf(entity: CatalogEntity, quantity: Quantity | undefined): Reading | undefined {
  if (!hasReading(entity)) return undefined;
  if (entity.domain === 'climate') {
    const humidity = quantity === 'humidity';
    const value = numberOf(entity.attributes?.[humidity ? 'current_humidity' : 'current_temperature']);
    const unit = humidity ? '%' : String(entity.attributes?.temperature_unit ?? 'degrees');
    return value === undefined ? undefined : { source: entity, value, unit };
  }
  const value = numberOf(entity.state);
  return value === undefined
    ? undefined
    : { source: entity, value, unit: String(entity.attributes?.unit_of_measurement ?? '') };
}

/** True when a number said in `spoken` is in the reading's `unit`: "degrees" fits any temperature unit. */
function unitFits(spoken: SpokenUnit, unit: string): boolean {
  if (spoken === 'degrees') return DEGREES.has(unit) || unit === 'degrees';
  return spoken === unit;
}

function compare(reading: number, comparison: ReadingCondition['comparison'], value: number): boolean {
  switch (comparison) {
    case '<':
      return reading < value;
    case '>':
      return reading > value;
    case '<=':
      return reading <= value;
    case '>=':
      return reading >= value;
  }
}
