// Retrieval: the entities and tools a model needs for this turn, out of everything Home Assistant sent.

import type { CueDiagnostics, RetrievalDiagnostics } from '../diagnostics/index.ts';
import type { Embedder } from '../../backends/index.ts';
import type { Logger } from '../../common/index.ts';
import { CONFIGURED_DEFAULTS } from '../settings-values.ts';
import type { CatalogEntity, HaRequest, OfferedTool } from '../understand/index.ts';
import { entityIndexOf, type EntityIndexes } from './entity-index.ts';
import { readCues, type QueryCues } from './query-cues.ts';
import { rankEntities } from './rank-entities.ts';
import { chooseTools, type ToolWordsCache } from './rank-tools.ts';
import { similaritiesTo, type EntityVectors } from './semantic.ts';

/** How much retrieval keeps (`settings.ha_assist_retrieval_*`). */
export interface RetrievalSettings {
  /** Entities put in the prompt, at most. */
  entities: number;
  /** Tools offered to the model, at most, besides those the history needs. */
  tools: number;
  /** Weight of embedding similarity against the lexical score (0–1), when an embedder is configured. */
  semanticWeight: number;
}

/** The documented defaults: their rows' in `ASSIST_SETTING_ROWS`. */
export const DEFAULT_RETRIEVAL_SETTINGS: RetrievalSettings = CONFIGURED_DEFAULTS.retrieval;

/** What retrieval keeps between requests, built once per pipeline (see `createAssistCaches`). */
export interface RetrievalCaches {
  /** The lexical index of each catalogue. */
  entityIndexes: EntityIndexes;
  /** Each catalogue's entity vectors, by embedder. */
  entityVectors: EntityVectors;
  toolWords: ToolWordsCache;
}

/** What retrieval works from. */
export interface RetrievalInput {
  request: HaRequest;
  settings: RetrievalSettings;
  caches: RetrievalCaches;
  embedder?: Embedder;
  /** Entities the deterministic plan found equally good: always kept. */
  candidates?: readonly { name: string; area?: string }[];
  signal?: AbortSignal;
  logger: Logger;
}

/** The chosen entities (best first) and tools (request order), and what the diagnostics report. */
export interface Retrieved {
  entities: CatalogEntity[];
  tools: OfferedTool[];
  metrics: RetrievalDiagnostics;
}

/** Ranks the request's entities and tools for its current user turn. */
export async function retrieve(input: RetrievalInput): Promise<Retrieved> {
  const { request, settings } = input;
  const catalog = request.catalog;
  const index = catalog === undefined ? undefined : entityIndexOf(catalog, input.caches.entityIndexes);
  const cues = index === undefined ? undefined : readCues(index, request.userText, request.floorAreas);
  let entities: CatalogEntity[] = [];
  let semantic: string = input.embedder === undefined ? 'off' : 'used';
  if (index !== undefined && cues !== undefined) {
    const similarities =
      input.embedder === undefined ? undefined : await semanticScores(input, (problem) => (semantic = problem));
    const ranked = rankEntities(index, cues, {
      ...(request.satellite === undefined ? {} : { satelliteArea: request.satellite.area }),
      ...(similarities === undefined ? {} : { similarities, semanticWeight: settings.semanticWeight }),
      ...(cues.implied.prefer.size === 0 ? {} : { stateOf: statesOf(request) }),
    });
    entities = withRequired(
      ranked.slice(0, settings.entities).map((entry) => index.catalog.entities[entry.index]!),
      requiredEntities(input),
    );
  }
  const aboutHome =
    cues !== undefined && (cues.named.size > 0 || cues.areas.size > 0 || cues.domains.size > 0 || entities.length > 0);
  const chosen = chooseTools({
    tools: request.tools,
    terms: cues?.terms.map((entry) => entry.term) ?? [],
    domains: [...new Set(entities.map((entity) => entity.domain))],
    aboutHome,
    required: requiredTools(request),
    limit: settings.tools,
    toolWords: input.caches.toolWords,
  });
  const metrics = {
    entities: { offered: catalog?.entities.length ?? 0, chosen: entities.length, limit: settings.entities },
    tools: { offered: request.tools.length, chosen: chosen.map((entry) => entry.tool.name) },
    cues: cues === undefined ? null : describeCues(cues),
    semantic,
  };
  return { entities, tools: chosen.map((entry) => entry.tool), metrics };
}

async function semanticScores(
  input: RetrievalInput,
  failed: (problem: string) => void,
): Promise<Float32Array | undefined> {
  try {
    return await similaritiesTo({
      embedder: input.embedder!,
      catalog: input.request.catalog!,
      text: input.request.userText,
      vectors: input.caches.entityVectors,
      ...(input.signal === undefined ? {} : { signal: input.signal }),
    });
  } catch (error) {
    // Ranking still works on words alone; the embedder's failure is reported, not hidden.
    const problem = error instanceof Error ? error.message : String(error);
    input.logger.warn({ embedder: input.embedder!.name, problem }, 'entity embedding failed; ranking by words only');
    failed(`failed: ${problem}`);
    return undefined;
  }
}

/**
 * The state of each catalogue entity: its own when the prompt carries states (HA ≤ 2025.3, Extended's CSV), else the
 * newest GetLiveContext result's for the same name and area; undefined when neither knows it.
 */
function statesOf(request: HaRequest): (position: number) => string | undefined {
  const entities = request.catalog!.entities;
  if (request.catalog!.hasState || request.liveContext === undefined) return (position) => entities[position]?.state;
  const live = new Map(request.liveContext.entities.map((entity) => [keyOf(entity), entity.state]));
  return (position) => entities[position]!.state ?? live.get(keyOf(entities[position]!));
}

function keyOf(entity: CatalogEntity): string {
  return `${entity.name}\u0000${entity.area ?? ''}`;
}

/** Entities the turn depends on whatever their rank: plan candidates and targets of the active tool calls. */
function requiredEntities(input: RetrievalInput): CatalogEntity[] {
  const catalog = input.request.catalog!;
  const named = new Set<string>();
  for (const round of input.request.history.activeRounds)
    for (const call of round.calls) if (typeof call.arguments?.name === 'string') named.add(call.arguments.name);
  const required = catalog.entities.filter((entity) => named.has(entity.name));
  for (const candidate of input.candidates ?? []) {
    const entity = catalog.entities.find((known) => known.name === candidate.name && known.area === candidate.area);
    if (entity !== undefined) required.push(entity);
  }
  return required;
}

function withRequired(ranked: CatalogEntity[], required: readonly CatalogEntity[]): CatalogEntity[] {
  const missing = required.filter(
    (entity, position) => !ranked.includes(entity) && required.indexOf(entity) === position,
  );
  return [...missing, ...ranked];
}

/** Exact names of the tools the active rounds called, and of a tool `tool_choice` names. */
function requiredTools(request: HaRequest): Set<string> {
  const required = new Set<string>();
  for (const round of request.history.activeRounds) for (const call of round.calls) required.add(call.name);
  if (typeof request.toolChoice === 'object') required.add(request.toolChoice.name);
  return required;
}

function describeCues(cues: QueryCues): CueDiagnostics {
  return {
    terms: cues.terms.map((entry) => entry.term),
    areas: [...cues.areas],
    domains: [...cues.domains],
    named: cues.named.size,
  };
}
