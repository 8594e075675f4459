// Timers on the satellite: HassStartTimer, HassIncreaseTimer, HassDecreaseTimer, HassCancelTimer, HassCancelAllTimers,
// HassPauseTimer, HassUnpauseTimer and HassTimerStatus. Blocks are generated per duration and per way of naming a timer.

import { block, type GrammarPart, type IntentBlock } from './blocks.ts';
import { CANCELED_TIMERS, DURATION_ADDED, DURATION_REMOVED, TIMER_SET, TIMER_STATUS } from './timer-responses.ts';

/** A duration as spoken ("5 minutes", "1 hour and 30 seconds", "half an hour"), by Home Assistant's slot names. */
const DURATIONS: Readonly<Record<string, string>> = {
  hours: '<hours>',
  minutes: '(<minutes>|{timer_half:minutes} an hour)',
  seconds: '(<seconds>|{timer_half:seconds} a minute)',
  hours_minutes: '(<hours> [and] <minutes>|{timer_hours:hours} and [a] {timer_half:minutes} hour[s])',
  hours_seconds: '<hours> [and] <seconds>',
  minutes_seconds: '(<minutes> [and] <seconds>|{timer_minutes:minutes} and [a] {timer_half:seconds} minute[s])',
  hours_minutes_seconds: '<hours> [and] <minutes> [and] <seconds>',
};

/** How an existing timer is named (`<timer>`): any, by area, by name, or by the duration it was started with. */
const TARGETS: Readonly<Record<string, string>> = {
  default: '[the |my ]<noun>',
  area: '[the |my ](<noun> in [the ]{area}|{area} <noun>)',
  name: '[the |my ](<noun> (named|called|for) {timer_name:name}|{timer_name:name} <noun>)',
  start_hours: '[the |my ](<noun> for <started>|<started> <noun>)',
  start_minutes: '[the |my ](<noun> for <started>|<started> <noun>)',
  start_seconds: '[the |my ](<noun> for <started>|<started> <noun>)',
};

const STARTED: Readonly<Record<string, string>> = {
  start_hours: '{timer_hours:start_hours}( |-)hour[s]',
  start_minutes: '{timer_minutes:start_minutes}( |-)minute[s]',
  start_seconds: '{timer_seconds:start_seconds}( |-)second[s]',
};

const RULES = {
  hours: '{timer_hours:hours}( |-)hour[s]',
  minutes: '{timer_minutes:minutes}( |-)minute[s]',
  seconds: '{timer_seconds:seconds}( |-)second[s]',
  set: '(set|start|create|make) [a|an|the|my]',
  cancel: '(cancel|stop|end|delete)',
  noun: 'timer',
};

/** The rules of one block: its duration as `<duration>`, its timer as `<timer>`. */
function rulesFor(duration: string | undefined, target: string | undefined, noun = 'timer'): Record<string, string> {
  return {
    ...RULES,
    noun,
    ...(duration === undefined ? {} : { duration: DURATIONS[duration]! }),
    ...(target === undefined ? {} : { timer: TARGETS[target]! }),
    ...(target !== undefined && target in STARTED ? { started: STARTED[target]! } : {}),
  };
}

/** Home Assistant's combination name: `minutes_only`, `hours_minutes`, `name_minutes`, `minutes_start_hours`. */
function combinationOf(duration: string | undefined, target: string): string {
  if (duration === undefined) return target === 'default' ? 'default' : `${target.replace('start_', '')}_only`;
  if (target === 'default') return duration.includes('_') ? duration : `${duration}_only`;
  return target.startsWith('start_') ? `${duration}_${target}` : `${target}_${duration}`;
}

function startBlocks(): IntentBlock[] {
  return Object.keys(DURATIONS).flatMap((duration) => [
    block({
      combination: combinationOf(duration, 'default'),
      rules: rulesFor(duration, undefined),
      sentences: ['[<set> ]timer for <duration>', '[<set> ]<duration> timer'],
    }),
    block({
      combination: combinationOf(duration, 'name'),
      rules: rulesFor(duration, undefined),
      sentences: [
        '[<set> ]<duration> timer (named|called|for) {timer_name:name}',
        '[<set> ]timer for <duration> (named|called) {timer_name:name}',
        '[<set> ]timer (named|called) {timer_name:name} for <duration>',
        '[<set> ]<duration> {timer_name:name} timer',
      ],
    }),
    block({
      combination: `command_${duration}`,
      rules: rulesFor(duration, undefined),
      sentences: [
        '{timer_command:conversation_command} (in|after) <duration>',
        '(in|after) <duration>[,] {timer_command:conversation_command}',
      ],
      response: 'command',
    }),
  ]);
}

/** Blocks that change a timer by a duration: every duration against every way of naming the timer. */
function changeBlocks(sentences: readonly string[]): IntentBlock[] {
  return Object.keys(DURATIONS).flatMap((duration) =>
    Object.keys(TARGETS).map((target) =>
      block({ combination: combinationOf(duration, target), rules: rulesFor(duration, target), sentences }),
    ),
  );
}

/** Blocks that act on one timer, named in any way. */
function targetBlocks(sentences: readonly string[], noun?: string): IntentBlock[] {
  return Object.keys(TARGETS).map((target) =>
    block({ combination: combinationOf(undefined, target), rules: rulesFor(undefined, target, noun), sentences }),
  );
}

/** The timer intents. */
export const TIMERS_GRAMMAR: GrammarPart = {
  intents: {
    HassStartTimer: { data: startBlocks() },
    HassIncreaseTimer: {
      data: changeBlocks(['add <duration> to <timer>', '(increase|extend) <timer> by <duration>']),
    },
    HassDecreaseTimer: {
      data: changeBlocks([
        '(remove|take|subtract) <duration> (from|off) <timer>',
        '(decrease|reduce|shorten) <timer> by <duration>',
      ]),
    },
    HassCancelTimer: { data: targetBlocks(['<cancel> <timer>']) },
    HassCancelAllTimers: {
      data: [
        block({
          combination: 'default',
          rules: RULES,
          sentences: ['<cancel> (all [[of ](the|my) ]|[the |my ])timers'],
        }),
        block({
          combination: 'area_only',
          rules: RULES,
          sentences: ['<cancel> all [[of ](the|my) ]({area} timers|timers in [the ]{area})'],
          response: 'area',
        }),
      ],
    },
    HassPauseTimer: { data: targetBlocks(['(pause|hold|freeze) <timer>']) },
    HassUnpauseTimer: { data: targetBlocks(['(resume|unpause|continue|unfreeze) <timer>']) },
    HassTimerStatus: {
      data: targetBlocks(
        [
          '<timer> status',
          'status of <timer>',
          '(how (much time|long)|[how much ]time) [is] (left|remaining) (on|in|for) <timer>',
        ],
        'timer[s]',
      ),
    },
  },
  responses: {
    HassStartTimer: TIMER_SET,
    HassIncreaseTimer: { default: DURATION_ADDED },
    HassDecreaseTimer: { default: DURATION_REMOVED },
    HassCancelTimer: { default: 'Timer cancelled' },
    HassCancelAllTimers: CANCELED_TIMERS,
    HassPauseTimer: { default: 'Timer paused' },
    HassUnpauseTimer: { default: 'Timer resumed' },
    HassTimerStatus: { default: TIMER_STATUS },
  },
};
