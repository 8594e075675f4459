// HassMediaSearchAndPlay: "play <anything>", optionally of a media class, on a named player and/or in an area.

import { block, type GrammarPart, type IntentBlock } from './blocks.ts';
import { MEDIA_AREA, MEDIA_PLAYERS } from './targets.ts';

const RULES = {
  // "the album Queen", "Queen album", or just "Queen".
  classed: '([the ]{media_class} {search_query}|{search_query} {media_class})',
  on_player: 'on <entity>',
};

/** One block per slot combination: what is played (`<what>`) and where (`<where>`, possibly nothing). */
function searchBlocks(): IntentBlock[] {
  const wheres = [
    { combination: 'default', where: '', named: false, area: false },
    { combination: 'area', where: ' <in_loc>', named: false, area: true },
    { combination: 'name', where: ' <on_player>', named: true, area: false },
    { combination: 'name_area', where: ' <on_player> <in_loc>', named: true, area: true },
  ];
  return wheres.flatMap(({ combination, where, named, area }) =>
    [
      { what: '{search_query}', classed: false },
      { what: '<classed>', classed: true },
    ].map(({ what, classed }) =>
      block({
        combination: comboName(combination, classed),
        ...(named ? { names: MEDIA_PLAYERS } : {}),
        // Without a place, Home Assistant plays on the satellite's area (its `context_area` combinations).
        ...(area ? { place: MEDIA_AREA } : named ? {} : { contextArea: true }),
        rules: RULES,
        sentences: [`play ${what}${where}`],
      }),
    ),
  );
}

/**
 * "Put some music on" is "play music": it names no title, so it resumes the paused player (the search is never sent;
 * see the deterministic step's untitled play).
 */
function musicOnBlocks(): IntentBlock[] {
  const sentences = (where: string) => [`put on [some |the ]music${where}`, `put [some |the ]music on${where}`];
  return [
    block({ combination: 'default', contextArea: true, slots: { search_query: 'music' }, sentences: sentences('') }),
    block({
      combination: 'area_only',
      place: MEDIA_AREA,
      slots: { search_query: 'music' },
      sentences: sentences(' <in_loc>'),
    }),
  ];
}

/** `default`/`media_class_only`, `area_only`/`area_media_class`, `name_only`/`name_media_class`, `name_area[_media_class]`. */
function comboName(where: string, classed: boolean): string {
  if (where === 'default') return classed ? 'media_class_only' : 'default';
  if (where === 'name_area') return classed ? 'name_area_media_class' : 'name_area';
  return classed ? `${where}_media_class` : `${where}_only`;
}

/** The media search intent. */
export const MEDIA_SEARCH_GRAMMAR: GrammarPart = {
  intents: { HassMediaSearchAndPlay: { data: [...searchBlocks(), ...musicOnBlocks()] } },
  responses: {
    // `slots.media` is what Home Assistant's search found.
    HassMediaSearchAndPlay: { default: '{% if slots.media %}Playing media{% else %}Media not found{% endif %}' },
  },
};
