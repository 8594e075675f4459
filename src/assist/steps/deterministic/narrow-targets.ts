// Narrowing a command's targets to what the sentence names: a floor by its own name, a place that has such a device,
// one device when one is named ("the bedroom lamp"), and the device a command with no place means ("start the fan").

import { definedProps } from '../../../common/index.ts';
import type { RecognizeResult } from '../../../hassil/index.ts';
import { intentRow } from '../../intent-table.ts';
import { saysAllWithoutHome } from '../facts/index.ts';
import type { CatalogEntity, HaRequest } from '../../understand/index.ts';
import { answerWordsFor, type AnswerWords } from './answer-words.ts';
import { implicitTarget, MAX_QUESTION_CANDIDATES } from './implicit-target.ts';
import { liveStateOf } from './live-state.ts';
import { mediaKindOf } from './media-kind.ts';
import { type PlayerSaid, playerOfKind } from './player-of-kind.ts';
import { languageOf } from './recognize-intent.ts';
import {
  describeMissing,
  devicesAt,
  findArea,
  missingDevice,
  type Targets,
  type TargetsOutcome,
} from './resolve-targets.ts';
import { UNTITLED_PLAY } from './untitled-play.ts';

/** Narrows `resolved` (the sentence's targets, resolved against the catalogue) for the command `result` matched. */
export function narrowTargets(result: RecognizeResult, resolved: Targets, request: HaRequest): TargetsOutcome {
  const intent = result.intent.name;
  const words = answerWordsFor(languageOf(result));
  // Home Assistant is sent the floor's own name, also when the sentence used an alias ("upstairs").
  const named =
    resolved.floor === undefined
      ? resolved
      : { ...resolved, floor: request.floorNames.get(resolved.floor.toLowerCase()) ?? resolved.floor };
  const targets = satelliteForAll(result, named, request) ?? named;
  // Home Assistant rejects an area command when the area has no such device: a model may know what was meant.
  const missing = missingDevice(withIntentDomains(targets, intent), request);
  // A player is found in the whole home when the satellite's area has none ("pause" said in the bedroom).
  const isPlayerElsewhere = missing !== undefined && targets.fromSatellite === true && preferredStates(intent);
  if (missing !== undefined && !isPlayerElsewhere)
    return {
      kind: 'not-deterministic',
      reason: `the catalogue has ${describeMissing(missing)}`,
      answer: words.missing(missing.kinds, missing.place),
    };
  const player = playerSaid(result, targets);
  if (player !== undefined) return playerOfKind(intent, targets, request, player);
  if (saysOneDevice(result) && targets.entity === undefined && targets.anywhere !== true) {
    const several = severalWhereOneIsNamed(withIntentDomains(targets, intent), request, words);
    if (several !== undefined) return several;
  }
  if (targets.anywhere === true || isPlayerElsewhere) return impliedTargets(result, targets, request, words);
  return { kind: 'targets', targets };
}

/**
 * "The bedroom lamp" is one device: with several lamps in the bedroom, which one is asked, never all of them. The
 * devices of a class the sentence names ("the living room TV") are counted from live state, read first.
 */
function severalWhereOneIsNamed(place: Targets, request: HaRequest, words: AnswerWords): TargetsOutcome | undefined {
  let devices = devicesAt(place, request) ?? [];
  const isClassUnknown = place.deviceClasses.length > 0 && devices.some((device) => device.attributes === undefined);
  if (devices.length > 1 && isClassUnknown) {
    const live = liveStateOf(request);
    if (live.kind === 'fetch') return live;
    if (live.kind === 'known') devices = devicesAt(place, { ...request, catalog: live.catalog }) ?? [];
  }
  if (devices.length <= 1) return undefined;
  return devices.length <= MAX_QUESTION_CANDIDATES
    ? { kind: 'ask', question: words.whichOf(devices), candidates: devices }
    : { kind: 'not-deterministic', reason: `${devices.length} devices fit one the sentence names` };
}

/** The device a command with no name and no place means: the one of its kind, or the player that is playing. */
function impliedTargets(
  result: RecognizeResult,
  targets: Targets,
  request: HaRequest,
  words: AnswerWords,
): TargetsOutcome {
  const found = implicitTarget(result.intent.name, targets, request, words);
  if (found.kind === 'fetch') return found;
  if (found.kind === 'none')
    return { kind: 'not-deterministic', reason: found.reason, ...definedProps({ answer: found.answer }) };
  const { area: _area, fromSatellite: _satellite, anywhere: _anywhere, ...rest } = targets;
  if (found.kind === 'entity')
    return { kind: 'targets', targets: { ...rest, entity: found.entity, domains: [found.entity.domain] } };
  if (!saysSeveralDevices(result))
    return { kind: 'ask', question: words.whichOf(found.candidates), candidates: found.candidates };
  // "Close the curtains" with no satellite: when every one of them is in one area, that area's; otherwise not every
  // one of the home, and not one of them either.
  const area = onlyArea(found.candidates);
  if (area === undefined)
    return {
      kind: 'not-deterministic',
      reason: 'the sentence names several devices but no place, and no satellite area says where',
      answer: words.whichArea,
    };
  const domains = targets.domains.length > 0 ? targets.domains : [found.candidates[0]!.domain];
  return { kind: 'targets', targets: { ...rest, area, domains } };
}

/**
 * What a media control names of its player when it names no player: a kind ("stop the music in the kitchen", "pause
 * the TV") or a play request naming no title; undefined for other commands, and for a control that names neither.
 */
function playerSaid(result: RecognizeResult, targets: Targets): PlayerSaid | undefined {
  if (targets.entity !== undefined || !preferredStates(result.intent.name)) return undefined;
  if (!(intentRow(result.intent.name)?.domains ?? []).includes('media_player')) return undefined;
  const kind = mediaKindOf(result);
  const isUntitledPlay = result.intentMetadata?.[UNTITLED_PLAY] === true;
  if (kind === undefined && !isUntitledPlay) return undefined;
  return { ...(kind === undefined ? {} : { kind }), isUntitledPlay, language: languageOf(result) };
}

/**
 * "Schalte alle Lichter aus" said to a satellite: Home Assistant's grammar reads every light of the home (its
 * `domain_all`), but the whole home is meant only when the sentence says so; otherwise the satellite's area.
 */
function satelliteForAll(result: RecognizeResult, targets: Targets, request: HaRequest): Targets | undefined {
  const satellite = request.satellite?.area;
  if (result.intentMetadata?.slot_combination !== 'domain_all' || satellite === undefined) return undefined;
  if (targets.entity !== undefined || targets.area !== undefined || targets.floor !== undefined) return undefined;
  const area = request.catalog === undefined ? undefined : findArea(request.catalog, satellite);
  if (area === undefined || !saysAllWithoutHome(request.userText, languageOf(result))) return undefined;
  return { ...targets, area: area.name, fromSatellite: true };
}

/**
 * `targets` restricted to the intent's own domains when the sentence named no kind ("pause the music in the
 * bedroom" is about a media player there): what the check for a missing device looks for.
 */
export function withIntentDomains(targets: Targets, intent: string): Targets {
  if (targets.domains.length > 0) return targets;
  const row = intentRow(intent);
  if (row?.kind === 'action' && row.areaIsTarget === true) return targets;
  const domains = row?.domains;
  return domains === undefined || domains.includes('*') ? targets : { ...targets, domains: [...domains] };
}

/**
 * How many devices the sentence names by their kind: the template's (`metadata.devices`, "the bedroom lamp") or the
 * device class word's (`context.devices`, "the kitchen TV"); undefined when it does not say.
 */
function devicesSaid(result: RecognizeResult): unknown {
  return result.context.devices ?? result.intentMetadata?.devices;
}

/** True when the sentence named one device by its kind ("the bedroom lamp", not "the bedroom lamps"). */
function saysOneDevice(result: RecognizeResult): boolean {
  return devicesSaid(result) === 'one';
}

/** True when the sentence named several devices by their kind ("turn off the lights", "close the blinds"). */
function saysSeveralDevices(result: RecognizeResult): boolean {
  return devicesSaid(result) === 'several';
}

/** The area every device is in, or undefined when they are in several or one has none. */
function onlyArea(devices: readonly CatalogEntity[]): string | undefined {
  const areas = new Set(devices.map((device) => device.area));
  const [area] = areas;
  return areas.size === 1 ? area : undefined;
}

/** True when the intent's row prefers devices in some state (a player: the one playing). */
function preferredStates(intent: string): boolean {
  const row = intentRow(intent);
  return row?.kind === 'action' && row.prefer !== undefined;
}
