// Understanding a Home Assistant request: its catalogue, prompt facts, tools and history, from a `Turn`.

import { definedProps, HearthError } from '../../common/index.ts';
import { textOf, type Message, type ToolChoice, type Turn } from '../../conversation/index.ts';
import type {
  EntityCatalog,
  EntityYamlLimits,
  PromptDateTime,
  SatelliteArea,
} from '../../homeassistant/request/index.ts';
import { CONFIGURED_DEFAULTS } from '../settings-values.ts';
import type { AnswerForm } from './answer-form.ts';
import { readHistory, type History } from './history.ts';
import { readOfferedTools, type OfferedTool } from './offered-tools.ts';
import { withAliases, type HaContext } from './ha-context.ts';
import { readSystemPrompt, type UnderstandCaches } from './system-prompt.ts';

/** Everything HA-Assist knows about a request before any step runs. */
export interface HaRequest {
  /** The exposed entities and areas; undefined when the request carries none (a plain chat). */
  catalog?: EntityCatalog;
  /** Why a catalogue that is present could not be read (the request then goes the generative way). */
  contextProblem?: string;
  dateTime?: PromptDateTime;
  satellite?: SatelliteArea;
  tools: OfferedTool[];
  toolChoice?: ToolChoice;
  parallelToolCalls?: boolean;
  history: History;
  /** The text of the current (last) user message; without its answer-form phrases once `understandTurn` read them. */
  userText: string;
  /**
   * The answer-form phrase the message had ("… Reply with yes or no."): the form asked, the message as said, and
   * whether punctuation set the phrase apart (see `AskedForm`).
   */
  answerForm?: { form: AnswerForm; spoken: string; separated: boolean };
  /** Images in the current user message. */
  imageCount: number;
  /** The newest GetLiveContext result of the active tool rounds. */
  liveContext?: EntityCatalog;
  /** Floor names and aliases the client gave in `ha_context`, plus the satellite's floor (the prompt names no others). */
  floors: string[];
  /** Each floor's name under its own and each alias's lower-case form ("upstairs" → "First Floor"). */
  floorNames: ReadonlyMap<string, string>;
  /** Floors from `ha_context` that list their areas: every name and alias of the floor, and its areas. */
  floorAreas: FloorAreas[];
  /** Why the request is past a deterministic limit: then no deterministic step may run, only a model may answer. */
  overLimit?: OverLimit;
}

/**
 * Bounds on what HA-Assist works out without a model (`settings.ha_assist_max_deterministic_*`):
 * recognition and repair grow with the sentence and the home, so hostile sizes never reach them.
 */
export interface DeterministicLimits {
  /** The longest current user message, in characters, that is recognised and repaired. */
  readonly maxChars: number;
  /** The most entities a catalogue may have to be matched deterministically. */
  readonly maxEntities: number;
  /** Milliseconds the deterministic attempt may spend before repair is given up and the turn goes to the model. */
  readonly maxMs: number;
  /** How deep and how far aliases may expand a client's entity YAML (Static Context, Live Context). */
  readonly yaml: EntityYamlLimits;
}

/** The defaults of the limits: their rows' in `ASSIST_SETTING_ROWS` (README, Configuration). */
export const DEFAULT_DETERMINISTIC_LIMITS: DeterministicLimits = CONFIGURED_DEFAULTS.limits;

/** A limit the request is past: which one, in words, and the setting that sets it. */
export interface OverLimit {
  readonly code: 'MESSAGE_TOO_LONG' | 'HOME_TOO_LARGE';
  /** E.g. "the message has 43,213 characters, more than settings.ha_assist_max_deterministic_chars (500)". */
  readonly reason: string;
  readonly setting: string;
}

/** A floor's names and the areas on it. */
export interface FloorAreas {
  names: readonly string[];
  areas: readonly string[];
}

/**
 * Reads `turn` as a Home Assistant request, with the client's optional `ha_context` (already validated)
 * merged in. What cannot be read is reported in the result; only a hostile catalogue (YAML aliases that
 * expand too far, nesting too deep) is a thrown 400. With `limits`, a request past one is marked `overLimit`.
 */
export function understandRequest(
  turn: Turn,
  caches?: UnderstandCaches,
  context?: HaContext,
  limits?: DeterministicLimits,
): HaRequest {
  const systemText = systemTextOf(turn.messages);
  const yamlLimits = limits?.yaml;
  const history = readHistory(turn.messages, definedProps({ results: caches?.toolResults, yamlLimits }));
  const current = history.entries.findLast((entry) => entry.kind === 'user');
  const request: HaRequest = {
    tools: readOfferedTools(turn.tools),
    history,
    userText: current?.kind === 'user' ? current.text : '',
    imageCount: current?.kind === 'user' ? current.imageCount : 0,
    floors: (context?.floors ?? []).flatMap((floor) => [floor.name, ...(floor.aliases ?? [])]),
    floorNames: new Map(
      (context?.floors ?? []).flatMap((floor) =>
        [floor.name, ...(floor.aliases ?? [])].map((text) => [text.toLowerCase(), floor.name] as const),
      ),
    ),
    floorAreas: (context?.floors ?? []).flatMap((floor) =>
      floor.areas === undefined ? [] : [{ names: [floor.name, ...(floor.aliases ?? [])], areas: floor.areas }],
    ),
  };
  const facts = readSystemPrompt(systemText, definedProps({ caches, yamlLimits }));
  if (facts.catalog !== undefined)
    request.catalog =
      context === undefined ? facts.catalog : withAliases(facts.catalog, context, caches?.aliasedCatalogs);
  if (facts.contextProblem !== undefined) request.contextProblem = facts.contextProblem;
  if (facts.dateTime !== undefined) request.dateTime = facts.dateTime;
  const satellite = facts.satellite ?? context?.satellite;
  if (satellite !== undefined) request.satellite = satellite;
  if (satellite?.floor !== undefined && !request.floors.includes(satellite.floor)) request.floors.push(satellite.floor);
  if (turn.toolChoice !== undefined) request.toolChoice = turn.toolChoice;
  if (turn.parallelToolCalls !== undefined) request.parallelToolCalls = turn.parallelToolCalls;
  const liveContext = newestLiveContext(history);
  if (liveContext !== undefined) request.liveContext = liveContext;
  const overLimit = limits === undefined ? undefined : overDeterministicLimit(request, limits);
  if (overLimit !== undefined) request.overLimit = overLimit;
  return request;
}

/** The first deterministic limit `request` is past, or undefined when it is within all of them. */
export function overDeterministicLimit(request: HaRequest, limits: DeterministicLimits): OverLimit | undefined {
  const chars = request.userText.length;
  if (chars > limits.maxChars) {
    const setting = 'settings.ha_assist_max_deterministic_chars';
    const reason = `the message has ${chars.toLocaleString('en')} characters, more than ${setting} (${limits.maxChars})`;
    return { code: 'MESSAGE_TOO_LONG', reason, setting };
  }
  const entities = request.catalog?.entities.length ?? 0;
  if (entities > limits.maxEntities) {
    const setting = 'settings.ha_assist_max_deterministic_entities';
    const reason = `the home has ${entities.toLocaleString('en')} entities, more than ${setting} (${limits.maxEntities})`;
    return { code: 'HOME_TOO_LARGE', reason, setting };
  }
  return undefined;
}

/** The 400 for a text request past a deterministic limit when no text model is configured to answer it instead. */
export function overLimitError(overLimit: OverLimit): HearthError {
  return new HearthError(
    overLimit.code,
    `HA-Assist cannot answer this request: ${overLimit.reason}, and such requests go to a model, but settings.ha_assist_text_model is not set.`,
    { param: 'messages' },
  );
}

/**
 * The system and developer messages' text, joined by newlines. A lone prompt (the usual case) is
 * returned as the very string JSON.parse made: `[prompt].join()` copies it, and the prompt cache then
 * hashes the copy, on every request (a 140 kB copy and ~40 µs for a 2,000-entity home).
 */
export function systemTextOf(messages: readonly Message[]): string {
  let text: string | undefined;
  for (const message of messages) {
    if (message.role !== 'system' && message.role !== 'developer') continue;
    const part = textOf(message.content);
    text = text === undefined ? part : `${text}\n${part}`;
  }
  return text ?? '';
}

function newestLiveContext(history: History): EntityCatalog | undefined {
  for (let i = history.activeRounds.length - 1; i >= 0; i--) {
    const calls = history.activeRounds[i]!.calls;
    for (let j = calls.length - 1; j >= 0; j--) {
      const body = calls[j]!.result?.result.body;
      if (body?.kind === 'live-context') return body.catalog;
    }
  }
  return undefined;
}
