// Understanding a Home Assistant request: its catalogue, prompt facts, tools and history, from a `Turn`.

import { textOf, type Message, type ToolChoice, type Turn } from '../../conversation/index.ts';
import type { EntityCatalog, PromptDateTime, SatelliteArea } from '../../homeassistant/request/index.ts';
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
  /** The text of the current (last) user message. */
  userText: string;
  /** Images in the current user message. */
  imageCount: number;
  /** The newest GetLiveContext result of the active tool rounds. */
  liveContext?: EntityCatalog;
  /** Floor names and aliases the client gave in `ha_context`, plus the satellite's floor (the prompt names no others). */
  floors: string[];
  /** Floors from `ha_context` that list their areas: every name and alias of the floor, and its areas. */
  floorAreas: FloorAreas[];
}

/** A floor's names and the areas on it. */
export interface FloorAreas {
  names: readonly string[];
  areas: readonly string[];
}

/**
 * Reads `turn` as a Home Assistant request, with the client's optional `ha_context` (already validated)
 * merged in. Never throws: what cannot be read is reported in the result.
 */
export function understandRequest(turn: Turn, caches?: UnderstandCaches, context?: HaContext): HaRequest {
  const systemText = systemTextOf(turn.messages);
  const history = readHistory(turn.messages, caches?.toolResults);
  const current = history.entries.findLast((entry) => entry.kind === 'user');
  const request: HaRequest = {
    tools: readOfferedTools(turn.tools),
    history,
    userText: current?.kind === 'user' ? current.text : '',
    imageCount: current?.kind === 'user' ? current.imageCount : 0,
    floors: (context?.floors ?? []).flatMap((floor) => [floor.name, ...(floor.aliases ?? [])]),
    floorAreas: (context?.floors ?? []).flatMap((floor) =>
      floor.areas === undefined ? [] : [{ names: [floor.name, ...(floor.aliases ?? [])], areas: floor.areas }],
    ),
  };
  const facts = readSystemPrompt(systemText, caches);
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
  return request;
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
