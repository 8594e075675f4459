// Renders the system message exactly as HA builds it for a home (chat_log.py + llm.py), per era and options.

import { HearthError } from '../../../common/index.ts';
import { overviewItems } from '../entities/exposed-entities.ts';
import { hasPlatformPrefix, mergedApiPrefix, type HaEra, type ToolPrefixStyle } from '../ha-dialect.ts';
import type { Home } from '../entities/home-model.ts';
import {
  dateTimePrompt,
  DEFAULT_INSTRUCTIONS_PROMPT,
  DEVICE_CONTROL_PROMPT,
  DEVICE_CONTROL_PROMPT_2026_9,
  dynamicContextPrompt,
  mergedApiHeader,
  NO_AREA_PROMPT,
  NO_ENTITIES_PROMPT,
  NO_TIMERS_PROMPT,
  OVERVIEW_HEADER,
  satelliteAreaPrompt,
  STATIC_CONTEXT_HEADER,
  type LocalDateTime,
} from './prompt-text.ts';
import { dumpHaYaml } from '../yaml/yaml-dump.ts';
import type { YamlFlavor } from '../yaml/yaml-scalar-style.ts';

/** Options of {@link renderSystemPrompt}. */
export interface SystemPromptOptions {
  /** The HA era to imitate. */
  era: HaEra;
  /** Tool-name prefix style; `assist…` styles wrap the API prompt as MergedAPI does, `platform` uses 2026.9 wording. */
  toolPrefix?: ToolPrefixStyle;
  /** The user-configured prompt instead of HA's default instructions (not Jinja-rendered; one final newline is dropped). */
  instructions?: string;
  /** The request comes from a satellite in this area (an area name of the home). */
  satelliteArea?: string;
  /** The satellite can start timers, so the "not able to start timers" line is left out. */
  satelliteHasTimers?: boolean;
  /** HA's local time for the date line (eras 2024 and 2025); 2026-03-14 18:42:07 unless given. */
  now?: LocalDateTime;
  /** `extra_system_prompt` (automations, `start_conversation`), appended last. */
  extraSystemPrompt?: string;
  /** Which YAML emitter to imitate; `pyyaml` unless given. */
  yamlFlavor?: YamlFlavor;
}

/** The date used when none is given. */
const DEFAULT_NOW: LocalDateTime = { date: '2026-03-14', time: '18:42:07' };

/** The area line: the satellite's area (with its floor) or the generic instruction. */
function areaLine(home: Home, options: SystemPromptOptions): string {
  if (options.satelliteArea === undefined) return NO_AREA_PROMPT;
  const area = home.areas.find((candidate) => candidate.name === options.satelliteArea);
  if (area === undefined) {
    throw new HearthError('DEMO_HOME_UNKNOWN_AREA', `the home has no area named ${options.satelliteArea}`, {
      param: 'satelliteArea',
    });
  }
  return satelliteAreaPrompt(area.name, area.floor);
}

/** The Assist API prompt (`_async_get_api_prompt`): instructions, area and timer lines, overview header and YAML. */
function apiPrompt(home: Home, options: SystemPromptOptions): string {
  const isLegacy = options.era === '2024';
  const items = overviewItems(home, { includeState: isLegacy });
  if (items.length === 0) return NO_ENTITIES_PROMPT;
  const isPlatform = hasPlatformPrefix(options.toolPrefix ?? 'none');
  const parts = [isPlatform ? DEVICE_CONTROL_PROMPT_2026_9 : DEVICE_CONTROL_PROMPT, areaLine(home, options)];
  if (!options.satelliteHasTimers) parts.push(NO_TIMERS_PROMPT);
  if (!isLegacy) parts.push(dynamicContextPrompt(isPlatform ? 'homeassistant__GetLiveContext' : 'GetLiveContext'));
  parts.push(
    isLegacy ? OVERVIEW_HEADER : STATIC_CONTEXT_HEADER,
    dumpHaYaml(items, { flavor: options.yamlFlavor ?? 'pyyaml' }),
  );
  return parts.join('\n');
}

/** The API prompt as sent: wrapped per API when several LLM APIs are selected (MergedAPI). */
function wrappedApiPrompt(home: Home, options: SystemPromptOptions): string {
  const prompt = apiPrompt(home, options);
  return mergedApiPrefix(options.toolPrefix ?? 'none') === '' ? prompt : `${mergedApiHeader('assist')}${prompt}\n\n`;
}

/** The user prompt as Jinja renders it: one final newline dropped. */
function renderedInstructions(options: SystemPromptOptions): string {
  return (options.instructions ?? DEFAULT_INSTRUCTIONS_PROMPT).replace(/\n$/, '');
}

/**
 * The system message HA sends for `home`. 2025/2026: instructions, API prompt, (2025: date line), extra prompt,
 * joined by newlines. 2024: the date line comes first and the YAML carries state and attributes.
 */
export function renderSystemPrompt(home: Home, options: SystemPromptOptions): string {
  const dateLine = dateTimePrompt(options.now ?? DEFAULT_NOW);
  const instructions = renderedInstructions(options);
  const parts =
    options.era === '2024'
      ? [`${dateLine}\n${instructions}`, wrappedApiPrompt(home, options)]
      : [instructions, wrappedApiPrompt(home, options), ...(options.era === '2025' ? [dateLine] : [])];
  if (options.extraSystemPrompt !== undefined) parts.push(options.extraSystemPrompt);
  return parts.join('\n');
}
