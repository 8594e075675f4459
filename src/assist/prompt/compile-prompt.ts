// Compiling the compact, task-specific prompt a model sees instead of Home Assistant's whole request.

import type { Message, Turn } from '../../conversation/index.ts';
import {
  systemTextOf,
  type CatalogEntity,
  type EntityCatalog,
  type HaRequest,
  type OfferedTool,
} from '../understand/index.ts';
import { entityLine, stateLookup, type LiveEntities, type StateLookup } from './entity-lines.ts';
import { toolView } from './tool-view.ts';
import { userInstructions } from './user-instructions.ts';

/** HA-Assist's own rules for the model, replacing Home Assistant's long generic API prompt. */
const HOME_RULES = [
  'You help with a Home Assistant smart home.',
  'To control devices or read their current state, call the offered tools; use device and area names exactly as listed below.',
  'Never invent devices, areas or values. If the request is unclear, ask one short question instead of guessing.',
  'Answer in plain text, briefly.',
].join('\n');

/** The rule when devices are listed with their entity ids (a services function targets those, not names). */
const ENTITY_ID_RULE = 'Target devices by their entity_id exactly as listed below.';

/** What the compiler keeps between requests, built once per pipeline (see `createAssistCaches`). */
export interface PromptCaches {
  /** Each Live Context result's entities by name and area. */
  liveEntities: LiveEntities;
}

/** What the compiler works from. */
export interface PromptInput {
  turn: Turn;
  request: HaRequest;
  caches: PromptCaches;
  /** Indexes into `turn.messages` of the non-system messages the model may see, in order. */
  keptMessages: readonly number[];
  /** The entities retrieval chose, best first. */
  entities: readonly CatalogEntity[];
  /** The tools retrieval chose. */
  tools: readonly OfferedTool[];
  /** When the deterministic step stopped because several devices fit equally well. */
  candidates?: readonly { name: string; area?: string }[];
}

/** The turn to send: the compact system message, the kept history (live-state results reduced), the chosen tools. */
export function compilePrompt(input: PromptInput): Turn {
  const { turn, request } = input;
  const liveResults = liveContextResults(request);
  const messages: Message[] = [{ role: 'system', content: systemMessage(input) }];
  for (const index of input.keptMessages) {
    const message = turn.messages[index]!;
    const live = liveResults.get(index);
    messages.push(
      live === undefined
        ? message
        : { ...message, content: liveContextText(input.entities, stateLookup(live, input.caches.liveEntities)) },
    );
  }
  const chosen = new Set(input.tools.map((tool) => tool.name));
  const knowsFloors = request.floors.length > 0;
  const tools = turn.tools.filter((tool) => chosen.has(tool.name)).map((tool) => toolView(tool, knowsFloors));
  // `ha_context` was for HA-Assist; the backend gets other extra fields as the client sent them. An Ollama client's
  // runner settings (`num_ctx`, `keep_alive`) are not for HA-Assist's model: hearth's configuration loads it.
  const { ha_context: _context, ...extra } = turn.extra;
  const { ollama: _native, ...own } = turn;
  if (tools.length > 0) return { ...own, messages, tools, extra };
  // No tools: no tool_choice or parallel_tool_calls either (servers reject them alone).
  const { toolChoice: _choice, parallelToolCalls: _parallel, ...rest } = own;
  return { ...rest, messages, tools, extra };
}

function systemMessage(input: PromptInput): string {
  const { request } = input;
  const sections: string[] = [];
  const own = userInstructions(systemTextOf(input.turn.messages));
  if (own !== '') sections.push(own);
  const aboutHome = input.entities.length > 0 || input.tools.length > 0;
  const hasEntityIds = input.entities.some((entity) => entity.entityId !== undefined);
  if (aboutHome) sections.push(hasEntityIds ? `${HOME_RULES}\n${ENTITY_ID_RULE}` : HOME_RULES);
  const facts: string[] = [];
  if (request.dateTime !== undefined) facts.push(`It is ${request.dateTime.time} on ${request.dateTime.date}.`);
  if (request.satellite !== undefined) {
    const floor = request.satellite.floor === undefined ? '' : ` (floor ${request.satellite.floor})`;
    facts.push(
      `The user is in the area ${request.satellite.area}${floor}; a request that names no area means this one.`,
    );
  }
  if (input.candidates !== undefined && input.candidates.length > 1) {
    const names = input.candidates.map((candidate) =>
      candidate.area === undefined ? candidate.name : `${candidate.name} (${candidate.area})`,
    );
    facts.push(
      `Several devices fit the request equally well: ${names.join(', ')}. Act on one of them only if the conversation makes clear which; otherwise ask.`,
    );
  }
  if (facts.length > 0) sections.push(facts.join('\n'));
  if (input.entities.length > 0) {
    const lookup = stateLookup(request.liveContext, input.caches.liveEntities);
    sections.push(
      [
        `Devices relevant to this request (name | domain${hasEntityIds ? ' | entity_id' : ''} | area | state):`,
        ...input.entities.map((entity) => entityLine(entity, lookup)),
      ].join('\n'),
    );
  }
  return sections.join('\n\n');
}

/** The GetLiveContext results of the active tool rounds, by message index. */
function liveContextResults(request: HaRequest): Map<number, EntityCatalog> {
  const results = new Map<number, EntityCatalog>();
  for (const round of request.history.activeRounds) {
    for (const call of round.calls) {
      const body = call.result?.result.body;
      if (body?.kind === 'live-context') results.set(call.result!.index, body.catalog);
    }
  }
  return results;
}

/** A Live Context result reduced to the chosen entities: the rest of the home is not what was asked. */
function liveContextText(entities: readonly CatalogEntity[], lookup: StateLookup): string {
  const lines = entities.map((entity) => entityLine(entity, lookup));
  return [
    'Live Context: current states of the devices relevant to this request:',
    ...(lines.length > 0 ? lines : ['(none of the relevant devices)']),
  ].join('\n');
}
