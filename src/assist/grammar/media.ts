// Media player controls: HassMediaPause, HassMediaUnpause, HassMediaNext, HassMediaPrevious, HassMediaPlayerMute, HassMediaPlayerUnmute.

import { block, type GrammarPart, type IntentBlock } from './blocks.ts';
import { DEVICE, MEDIA_AREA, MEDIA_PLAYERS } from './targets.ts';

const RULES = {
  media: '(music|media|song|track|show|movie|playback|video|podcast|audio|sound)',
  track: '(item|song|track|one|episode|video|tune)',
};

/** One control: what is said without a target, and the verbs that take the player as object ("pause the TV"). */
interface Control {
  readonly phrases: readonly string[];
  readonly verbs?: string;
  /** Whether an area alone may be the target (Home Assistant has no area form for mute). */
  readonly hasArea: boolean;
}

function controlBlocks(control: Control): IntentBlock[] {
  const targeted = [
    ...control.phrases.flatMap((phrase) => [`${phrase} <in_loc>`, `<in_loc> ${phrase}`, `<loc> ${phrase}`]),
    ...(control.verbs === undefined ? [] : [`${control.verbs} <loc>`]),
  ];
  return [
    block({ combination: 'name_only', names: MEDIA_PLAYERS, place: DEVICE, rules: RULES, sentences: targeted }),
    ...(control.hasArea
      ? [block({ combination: 'area_only', place: MEDIA_AREA, rules: RULES, sentences: targeted })]
      : []),
    block({
      combination: 'default',
      contextArea: true,
      rules: RULES,
      sentences: control.phrases.map((phrase) => `${phrase}[ <here>]`),
    }),
    // A kind of player, not a name: "pause the TV", "mute the speaker", "pause the TV in the kitchen" (the kind
    // selects the player from live state).
    ...(control.verbs === undefined
      ? []
      : [
          block({
            combination: 'device_class',
            contextArea: true,
            slots: { domain: 'media_player' },
            rules: RULES,
            sentences: [`${control.verbs} [the |my ]{media_classes:device_class}[ <here>]`],
          }),
          // Also for mute: the kind is sent as the one player it selects, never as the area.
          block({
            combination: 'area_only',
            place: MEDIA_AREA,
            slots: { domain: 'media_player' },
            rules: RULES,
            sentences: [`${control.verbs} [the |my ]{media_classes:device_class} <in_loc>`],
          }),
        ]),
  ];
}

const PAUSE: Control = {
  phrases: ['(pause|hold)[ [the |my ]<media>]', 'stop (playing|playback|[the |my ]<media>)'],
  verbs: '(pause|hold)',
  hasArea: true,
};

const UNPAUSE: Control = {
  phrases: ['(resume|unpause|continue)[ [the |my ]<media>]', '(resume|continue|keep) playing'],
  verbs: '(resume|unpause)',
  hasArea: true,
};

const NEXT: Control = {
  phrases: ['next[ <track>]', 'skip[ (this|the|to [the ]next)][ <track>]', '(play|go to) [the ]next <track>'],
  hasArea: true,
};

const PREVIOUS: Control = {
  phrases: [
    'previous[ <track>]',
    'go back[ to [the ](previous|last) <track>]',
    'replay[ [the ](previous|last) <track>]',
    '(play|go to) [the ](previous|last) <track>[ again]',
  ],
  hasArea: true,
};

const MUTE: Control = { phrases: ['mute[ [the |my ]<media>]'], verbs: 'mute', hasArea: false };
const UNMUTE: Control = { phrases: ['unmute[ [the |my ]<media>]'], verbs: 'unmute', hasArea: false };

/** The media player controls. */
export const MEDIA_GRAMMAR: GrammarPart = {
  intents: {
    HassMediaPause: { data: controlBlocks(PAUSE) },
    HassMediaUnpause: { data: controlBlocks(UNPAUSE) },
    HassMediaNext: { data: controlBlocks(NEXT) },
    HassMediaPrevious: { data: controlBlocks(PREVIOUS) },
    HassMediaPlayerMute: { data: controlBlocks(MUTE) },
    HassMediaPlayerUnmute: { data: controlBlocks(UNMUTE) },
  },
  responses: {
    HassMediaPause: { default: 'Paused.' },
    HassMediaUnpause: { default: 'Resumed.' },
    HassMediaNext: { default: 'Playing the next one.' },
    HassMediaPrevious: { default: 'Playing the previous one.' },
    HassMediaPlayerMute: { default: 'Muted.' },
    HassMediaPlayerUnmute: { default: 'Unmuted.' },
  },
};
