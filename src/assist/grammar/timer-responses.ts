// The timer intents' response templates, in Home Assistant's English wording (responses/en/Hass*Timer*.yaml).

import type { IntentResponses } from './blocks.ts';

/** Sets `<letter>_text` to "5 minutes" from a slot; "half" is 30, and the slot holds the words the user said. */
function unitText(slot: string, unit: string): string {
  const v = slot[0]!;
  return (
    `{% set ${v} = (30 if slots.${slot} in ['half', '1/2'] else slots.${slot}) if slots.${slot} is defined else '' %}` +
    `{% set ${v}_text = (${v} ~ ' ${unit}' ~ ('' if ${v} in ['1', 'one'] else 's')) if ${v} else '' %}`
  );
}

/** Sets `text` to the duration of the `hours`, `minutes` and `seconds` slots: "1 hour, 5 minutes and 30 seconds". */
const DURATION =
  unitText('hours', 'hour') +
  unitText('minutes', 'minute') +
  unitText('seconds', 'second') +
  '{% set said = [h_text, m_text, s_text] | select | list %}' +
  "{% set text = (said[:-1] | join(', ') ~ ' and ' ~ said[-1]) if said | length > 2 else said | join(' and ') %}";

const NAMED = '{% if slots.name is defined %} named {{ slots.name | trim }}{% endif %}';

/** HassStartTimer: "Timer set for 5 minutes named pizza", or for a delayed command. */
export const TIMER_SET: IntentResponses = {
  default: `${DURATION}Timer set for {{ text }}${NAMED}`,
  command: `${DURATION}Command will be executed in {{ text }}`,
};

/** HassIncreaseTimer: "5 minutes added to timer". */
export const DURATION_ADDED = `${DURATION}{{ text }} added to timer${NAMED}`;

/** HassDecreaseTimer: "5 minutes removed from timer". */
export const DURATION_REMOVED = `${DURATION}{{ text }} removed from timer${NAMED}`;

function canceled(where: string): string {
  return (
    '{% if slots.canceled < 1 %}No timers were canceled' +
    '{% elif slots.canceled == 1 %}Canceled 1 timer{% else %}Canceled {{ slots.canceled }} timers{% endif %}' +
    `${where}.`
  );
}

/** HassCancelAllTimers: "Canceled 2 timers." (`slots.canceled` is set by Home Assistant). */
export const CANCELED_TIMERS: IntentResponses = {
  default: canceled(''),
  area: canceled(' in {{ slots.area }}'),
};

/** "3 minutes", "1 hour and 5 minutes": the larger unit left and the next one, from a timer's rounded fields. */
function timeLeft(timer: string): string {
  const amount = (field: string, unit: string) =>
    `{{ ${timer}.rounded_${field}_left }} ${unit}{{ '' if ${timer}.rounded_${field}_left == 1 else 's' }}`;
  const andNext = (field: string, unit: string) =>
    `{% if ${timer}.rounded_${field}_left > 0 %} and ${amount(field, unit)}{% endif %}`;
  return (
    `{% if ${timer}.rounded_hours_left > 0 %}${amount('hours', 'hour')}${andNext('minutes', 'minute')}` +
    `{% elif ${timer}.rounded_minutes_left > 0 %}${amount('minutes', 'minute')}${andNext('seconds', 'second')}` +
    `{% elif ${timer}.rounded_seconds_left > 0 %}${amount('seconds', 'second')}{% endif %}`
  );
}

/** Which timer, when there are several: "5 minute pizza timer". */
const WHICH_TIMER =
  "{% set started = [(next.start_hours ~ ' hour') if next.start_hours > 0 else '', " +
  "(next.start_minutes ~ ' minute') if next.start_minutes > 0 else '', " +
  "(next.start_seconds ~ ' second') if next.start_seconds > 0 else ''] | select | list %}" +
  "left on {{ started | join(' and ') }} {{ next.name or next.area }} timer.";

/** HassTimerStatus: how many timers run or are paused, and the time left on the one that ends first. */
export const TIMER_STATUS =
  "{% set active = slots.timers | selectattr('is_active') | sort(attribute='total_seconds_left') | list %}" +
  "{% set paused = slots.timers | rejectattr('is_active') | list %}" +
  '{% if slots.timers | length == 0 %}No timers.' +
  '{% else %}' +
  '{% if active | length == 0 %}' +
  '{% if paused | length == 1 %}Timer is paused. {% else %}{{ paused | length }} paused timers. {% endif %}' +
  '{% else %}' +
  '{% if active | length > 1 %}{{ active | length }} running timers. {% endif %}' +
  '{% if paused | length == 1 %}1 paused timer. {% elif paused | length > 1 %}{{ paused | length }} paused timers. {% endif %}' +
  '{% endif %}' +
  '{% set next = active[0] if active else (paused[0] if paused | length == 1 else none) %}' +
  `{% if next %}${timeLeft('next')} {% if slots.timers | length > 1 %}${WHICH_TIMER}{% else %}left.{% endif %}{% endif %}` +
  '{% endif %}';
