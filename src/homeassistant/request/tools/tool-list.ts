// The tool list HA's Assist API offers for a home, chosen by exposed domains and era, with optional name prefixes.

import { hasPlatformPrefix, mergedApiPrefix, type HaEra, type ToolPrefixStyle } from '../ha-dialect.ts';
import type { Entity, Home } from '../entities/home-model.ts';
import type { JsonObject } from '../json-value.ts';
import { compareCodePoints } from '../entities/exposed-entities.ts';
import { GET_LIVE_CONTEXT, TOOL_CATALOG, type CatalogTool, type ToolContext } from './tool-catalog.ts';

/** An OpenAI chat-completions tool as HA sends it (key order `name`, `parameters`, `description`). */
export interface OpenAiTool {
  /** Always `function`. */
  type: 'function';
  /** The function; `description` is absent when the tool has none (a script without description). */
  function: { name: string; parameters: JsonObject; description?: string };
}

/** Options of {@link buildHaTools}. */
export interface HaToolsOptions {
  /** The HA era to imitate. */
  era: HaEra;
  /** Tool-name prefixes; `none` unless given. */
  toolPrefix?: ToolPrefixStyle;
  /** The request comes from a satellite that can start timers, so the timer tools are offered. */
  satelliteHasTimers?: boolean;
  /** The assist_satellite integration is loaded, so HassBroadcast is offered; true unless given. */
  hasBroadcast?: boolean;
}

/** True when HA would offer `tool` for these exposed domains and options. */
function isOffered(tool: CatalogTool, domains: ReadonlySet<string>, options: HaToolsOptions): boolean {
  if (!tool.eras.includes(options.era)) return false;
  if (tool.name === 'HassBroadcast' && options.hasBroadcast === false) return false;
  if (tool.offer === 'always') return true;
  if (tool.offer === 'timer-satellite') return options.satelliteHasTimers ?? false;
  return tool.offer.domains.some((domain) => domains.has(domain));
}

/** The prefixed name of a tool from `platform` in the given style. */
function prefixedName(name: string, platform: string, style: ToolPrefixStyle): string {
  const platformName = hasPlatformPrefix(style) ? `${platform}__${name}` : name;
  return mergedApiPrefix(style) + platformName;
}

/** Python's `repr()` of a string, as in `str(list_of_aliases)`. */
function pyRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  const escaped = text.replaceAll('\\', '\\\\').replaceAll('\n', '\\n').replaceAll('\r', '\\r').replaceAll('\t', '\\t');
  return quote + (quote === "'" ? escaped.replaceAll("'", "\\'") : escaped) + quote;
}

/** A script tool: object id as name, the script's description plus `. Aliases: [...]`, no fields. */
function scriptTool(script: Entity, style: ToolPrefixStyle): OpenAiTool {
  const objectId = script.entityId.slice(script.entityId.indexOf('.') + 1);
  const name = /^[0-9]/.test(objectId) ? `_${objectId}` : objectId;
  const base = typeof script.attributes.description === 'string' ? script.attributes.description : '';
  const aliases = script.aliases.length > 0 ? `Aliases: [${script.aliases.map(pyRepr).join(', ')}]` : '';
  const description = [base, aliases].filter((part) => part !== '').join('. ');
  const parameters: JsonObject = { type: 'object', properties: {}, required: [] };
  const fn = { name: prefixedName(name, 'script', style), parameters, ...(description !== '' && { description }) };
  return { type: 'function', function: fn };
}

/** Builds one catalog tool for the context. */
function toOpenAiTool(tool: CatalogTool, context: ToolContext, style: ToolPrefixStyle): OpenAiTool {
  return {
    type: 'function',
    function: {
      name: prefixedName(tool.name, tool.platform, style),
      parameters: tool.parameters(context),
      description: tool.describe(context.era),
    },
  };
}

/** Names and aliases of the exposed entities of `domain`, in overview order (HA splits each `names` on ", "). */
function namesOf(home: Home, domain: string): string[] {
  const ofDomain = home.entities.filter((entity) => entity.domain === domain);
  return ofDomain
    .sort((a, b) => compareCodePoints(a.name, b.name))
    .flatMap((entity) => [entity.name, ...entity.aliases]);
}

/** The tools HA offers to the model for `home`, in registration order (HA's real order varies between restarts). */
export function buildHaTools(home: Home, options: HaToolsOptions): OpenAiTool[] {
  const style = options.toolPrefix ?? 'none';
  const domains = new Set(home.entities.map((entity) => entity.domain));
  const context: ToolContext = {
    todoLists: namesOf(home, 'todo'),
    calendars: namesOf(home, 'calendar'),
    era: options.era,
  };
  const tools = TOOL_CATALOG.filter((tool) => isOffered(tool, domains, options)).map((tool) =>
    toOpenAiTool(tool, context, style),
  );
  const scripts = home.entities
    .filter((entity) => entity.domain === 'script')
    .map((script) => scriptTool(script, style));
  const hasLiveContext = home.entities.length > 0 && isOffered(GET_LIVE_CONTEXT, domains, options);
  return [...tools, ...scripts, ...(hasLiveContext ? [toOpenAiTool(GET_LIVE_CONTEXT, context, style)] : [])];
}
