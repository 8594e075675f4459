// The one media player a command on a kind means ("stop the music in the kitchen", "pause the TV", "play some
// music"): of the players at the place, those of the kind in the state the command expects, read from live state.
// Never a guess: a player of unknown class, or several that fit, make it a question.

import type { ToolCall } from '../../../conversation/index.ts';
import { intentRow } from '../../intent-table.ts';
import type { CatalogEntity, EntityCatalog, HaRequest } from '../../understand/index.ts';
import { answerWordsFor, type Place } from './answer-words.ts';
import { catalogWithLiveFacts, deviceClassOf } from './device-facts.ts';
import { MAX_QUESTION_CANDIDATES } from './implicit-target.ts';
import { liveStateOf } from './live-state.ts';
import { MEDIA_KINDS, type MediaKind, mediaWordsFor } from './media-kind.ts';
import { devicesAt, type Targets } from './resolve-targets.ts';

/** What the sentence says of the player: the kind it names, and whether it is a play request naming no title. */
export interface PlayerSaid {
  kind?: MediaKind;
  /** "play some music": only a paused player is meant. */
  isUntitledPlay: boolean;
  language: string;
}

/** The player's targets, a live read needed first, a question, or why no player is meant. */
export type PlayerOfKind =
  | { kind: 'targets'; targets: Targets }
  | { kind: 'fetch'; call: Omit<ToolCall, 'id'> }
  | { kind: 'ask'; question: string; candidates: CatalogEntity[] }
  | { kind: 'not-deterministic'; reason: string; answer?: string };

/** How a player stands to the kind named: of it, maybe of it (its class is unknown), or of another kind. */
type Fit = 'fits' | 'unknown' | 'other';

/**
 * The player `intent` acts on at `targets`' place (the satellite's area, then the home; or the whole home when the
 * sentence names no place). Classes and states come from live state, read first when the request has none.
 */
export function playerOfKind(intent: string, targets: Targets, request: HaRequest, said: PlayerSaid): PlayerOfKind {
  const live = liveStateOf(request);
  if (live.kind === 'fetch') return live;
  if (live.kind === 'unavailable')
    return { kind: 'not-deterministic', reason: 'no live state to tell which media player is meant' };
  const catalog = catalogWithLiveFacts(request) ?? live.catalog;
  const row = intentRow(intent);
  const prefer = row?.kind === 'action' ? (row.prefer ?? []) : [];
  const choose = (players: readonly CatalogEntity[]) => choosePlayer(players, { catalog, prefer, said });
  const isHomeWide = targets.anywhere === true || (targets.area === undefined && targets.floor === undefined);
  const home = catalog.entities.filter((entity) => entity.domain === 'media_player');
  const here = isHomeWide ? home : placePlayers(targets, catalog, request);
  if (here === undefined) return { kind: 'not-deterministic', reason: 'the areas of the floor are not known' };
  const isMaybe = (player: CatalogEntity) => playerFit(player, catalog, said.kind) !== 'other';
  const isMeant = (player: CatalogEntity) =>
    isMaybe(player) && player.state !== undefined && prefer.includes(player.state);
  // Said at a satellite whose area has no such player (in that state): the home's ("pause the TV" said in the bedroom).
  // A play request naming no title resumes what is paused where it was said, unless that area has no player at all.
  const isElsewhere =
    targets.fromSatellite === true &&
    (said.isUntitledPlay ? here.length === 0 : !here.some(isMeant) && (home.some(isMeant) || !here.some(isMaybe)));
  const chosen = choose(isElsewhere ? home : here);
  const words = answerWordsFor(said.language);
  switch (chosen.kind) {
    case 'one': {
      const { area: _area, floor: _floor, fromSatellite: _satellite, anywhere: _anywhere, ...rest } = targets;
      // The classes the grammar read stay: the player has one of them (a kind selects by class or by what it plays).
      return { kind: 'targets', targets: { ...rest, entity: chosen.player, domains: ['media_player'] } };
    }
    case 'several':
      return chosen.players.length > MAX_QUESTION_CANDIDATES
        ? { kind: 'not-deterministic', reason: `${chosen.players.length} media players may be meant` }
        : chosen.players.length === 1
          ? {
              kind: 'ask',
              question: mediaWordsFor(said.language).doYouMean(chosen.players[0]!),
              candidates: chosen.players,
            }
          : { kind: 'ask', question: words.whichOf(chosen.players), candidates: chosen.players };
    case 'none': {
      const media = mediaWordsFor(said.language);
      const answer = said.isUntitledPlay ? media.nothingPaused : media.missing(said.kind, placeOf(targets, isHomeWide));
      return { kind: 'not-deterministic', reason: chosen.reason, answer };
    }
  }
}

type Choice =
  | { kind: 'one'; player: CatalogEntity }
  | { kind: 'several'; players: CatalogEntity[] }
  | { kind: 'none'; reason: string };

/**
 * Of `players`, the one of the kind in a preferred state (a play request naming no title means a paused one). A
 * player of unknown class may be of the kind: with it, or with several of the kind, the question names them. With
 * none of the kind in that state, music may still play on another player (a TV): the question names those in the
 * state; a device kind ("the TV") is looked for in any state.
 */
function choosePlayer(
  players: readonly CatalogEntity[],
  context: { catalog: EntityCatalog; prefer: readonly string[]; said: PlayerSaid },
): Choice {
  const { catalog, prefer, said } = context;
  const fitOf = (player: CatalogEntity) => playerFit(player, catalog, said.kind);
  const inState = players.filter((player) => player.state !== undefined && prefer.includes(player.state));
  if (said.isUntitledPlay && inState.length === 0) return { kind: 'none', reason: 'no media player is paused' };
  const meant = oneOrSeveral(
    inState.filter((player) => fitOf(player) !== 'other'),
    fitOf,
  );
  if (meant !== undefined) return meant;
  const isDevice = said.kind !== undefined && MEDIA_KINDS[said.kind].isDevice;
  // What is paused may still be what a play request means (music on the TV); nothing else is resumed.
  if ((!isDevice || said.isUntitledPlay) && inState.length > 0) return { kind: 'several', players: inState };
  const ofKind = oneOrSeveral(
    players.filter((player) => fitOf(player) !== 'other'),
    fitOf,
  );
  if (ofKind !== undefined) return ofKind;
  return isDevice || players.length === 0
    ? { kind: 'none', reason: `no ${said.kind ?? 'media player'} at the place` }
    : { kind: 'several', players: [...players] };
}

/** The one player when it alone may be meant and surely fits; all of them when several may be; undefined for none. */
function oneOrSeveral(maybe: CatalogEntity[], fitOf: (player: CatalogEntity) => Fit): Choice | undefined {
  if (maybe.length === 0) return undefined;
  const [only] = maybe;
  return maybe.length === 1 && only !== undefined && fitOf(only) === 'fits'
    ? { kind: 'one', player: only }
    : { kind: 'several', players: maybe };
}

/** Whether `player` is of `kind` by its device class or what it plays; every player fits when no kind is named. */
function playerFit(player: CatalogEntity, catalog: EntityCatalog, kind: MediaKind | undefined): Fit {
  if (kind === undefined) return 'fits';
  const row = MEDIA_KINDS[kind];
  const deviceClass = deviceClassOf(player, catalog);
  const content = player.attributes?.media_content_type;
  if (typeof deviceClass === 'string' && row.classes.includes(deviceClass)) return 'fits';
  if (typeof content === 'string' && row.contentTypes.includes(content.toLowerCase())) return 'fits';
  // A player of no known class playing something else ("movie") is not playing music now.
  if (typeof content === 'string' && row.contentTypes.length > 0) return 'other';
  return typeof deviceClass === 'string' ? 'other' : 'unknown';
}

/** The players at the targets' area or floor; undefined when the request does not say which areas a floor has. */
function placePlayers(targets: Targets, catalog: EntityCatalog, request: HaRequest): CatalogEntity[] | undefined {
  const { entity: _entity, ...place } = targets;
  const kind = { ...place, domains: ['media_player'], deviceClasses: [] };
  return devicesAt(kind, { catalog, floorAreas: request.floorAreas });
}

function placeOf(targets: Targets, isHomeWide: boolean): Place | undefined {
  if (isHomeWide || targets.fromSatellite === true) return undefined;
  if (targets.area !== undefined) return { kind: 'area', name: targets.area };
  return targets.floor === undefined ? undefined : { kind: 'floor', name: targets.floor };
}
