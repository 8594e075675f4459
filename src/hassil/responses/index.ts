// The response API: an intent's response template rendered for a match, with Home Assistant-like variables.

import { compileTemplate } from '../jinja/render.ts';
import { makeFloat, pyStr } from '../jinja/values.ts';
import type { MatchEntity } from '../result.ts';

/**
 * Renders a response template with Jinja2's semantics (StrictUndefined) and normalises its whitespace
 * as Home Assistant does: runs of whitespace become one space, the ends are trimmed.
 * A broken template throws `RESPONSE_TEMPLATE` naming it.
 */
export function renderResponse(template: string, variables: Readonly<Record<string, unknown>>): string {
  return normalizeResponseText(compileTemplate(template).render(variables));
}

/** Whitespace runs become one space, the ends are trimmed (hassil's `normalize_whitespace(...).strip()`). */
export function normalizeResponseText(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/** What a state looks like to a response template (Home Assistant's `State`, as the intents tests fake it). */
export interface ResponseStateInit {
  readonly entityId: string;
  readonly name: string;
  /** The raw state (`"on"`, `"42"`); a number when the source had one. */
  readonly state: unknown;
  /** The translated state, when it differs from the raw one (`"zu Hause"` for `home`). */
  readonly humanState?: string;
  readonly attributes?: Readonly<Record<string, unknown>>;
}

/** A state object for templates: `state.state`, `state.name`, `state.domain`, `state.attributes.get(...)`. */
export class ResponseState {
  readonly entity_id: string;
  readonly name: string;
  /** The raw state, compared with a matched `state` slot. */
  readonly hass_state: unknown;
  readonly attributes: Readonly<Record<string, unknown>>;
  readonly #humanState: string | undefined;

  constructor(init: ResponseStateInit) {
    this.entity_id = init.entityId;
    this.name = init.name;
    this.hass_state = init.state;
    this.attributes = init.attributes ?? {};
    this.#humanState = init.humanState;
  }

  /** The translated state when there is one, else the raw state. */
  get state(): unknown {
    return this.#humanState ?? this.hass_state;
  }

  get domain(): string {
    return this.entity_id.split('.', 1)[0]!;
  }

  /** The state followed by the unit of measurement, when the entity has one. */
  get state_with_unit(): string {
    const unit = this.attributes.unit_of_measurement;
    return unit === undefined || unit === null || unit === ''
      ? pyStr(this.state)
      : `${pyStr(this.state)} ${pyStr(unit)}`;
  }

  toString(): string {
    return `<state ${this.entity_id}=${pyStr(this.state)}>`;
  }
}

/** A date for templates: `.year`, `.month`, `.day`, `.weekday()` (Monday is 0), printed as `2013-09-17`. */
export class ResponseDate {
  constructor(
    readonly year: number,
    readonly month: number,
    readonly day: number,
  ) {}

  weekday(): number {
    return (new Date(Date.UTC(this.year, this.month - 1, this.day)).getUTCDay() + 6) % 7;
  }

  toString(): string {
    return `${String(this.year).padStart(4, '0')}-${pad2(this.month)}-${pad2(this.day)}`;
  }
}

/** A time of day for templates: `.hour`, `.minute`, `.second`, printed as `01:02:00`. */
export class ResponseTime {
  constructor(
    readonly hour: number,
    readonly minute: number,
    readonly second = 0,
  ) {}

  toString(): string {
    return `${pad2(this.hour)}:${pad2(this.minute)}:${pad2(this.second)}`;
  }
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * The value a matched entity has in `slots`, as the intents repository's tests render it: a number
 * shows the words the user said ("1", "half"), any other value its list output ("Kitchen", "red").
 * Digits give Python floats, so a number without text prints as `50.0`.
 */
export function responseSlotValue(entity: MatchEntity): unknown {
  const value = entity.value;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    const text = entity.text.trim();
    if (text !== '') return text;
    return entity.isFromDigits === true ? makeFloat(value) : value;
  }
  return value ?? null;
}

/** `slots` for a template: every entity by name, then `extra` (timers, media, ...) where no entity has the name. */
export function createResponseSlots(
  entities: Readonly<Record<string, MatchEntity>>,
  extra: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> {
  const slots: Record<string, unknown> = { ...extra };
  for (const [name, entity] of Object.entries(entities)) slots[name] = responseSlotValue(entity);
  return slots;
}

/** Home Assistant's `state_attr(entity_id, name)` over the matched states (None when unknown). */
export function createStateAttr(states: readonly ResponseState[]): (entityId: unknown, name: unknown) => unknown {
  return (entityId, name) => {
    const state = states.find((candidate) => candidate.entity_id === entityId);
    if (state === undefined || typeof name !== 'string' || !Object.hasOwn(state.attributes, name)) return null;
    return state.attributes[name];
  };
}

/** What the template variables are built from. */
export interface ResponseContext {
  readonly slots: Readonly<Record<string, unknown>>;
  /** States the request matched (`query.matched`), and those it targeted but did not match. */
  readonly matched: readonly ResponseState[];
  readonly unmatched?: readonly ResponseState[];
}

/** The variables Home Assistant renders a response with: `slots`, `state`, `query` and `state_attr`. */
export function createResponseVariables(context: ResponseContext): Record<string, unknown> {
  const unmatched = context.unmatched ?? [];
  return {
    slots: context.slots,
    state: context.matched[0] ?? unmatched[0] ?? null,
    query: {
      matched: [...context.matched],
      unmatched: [...unmatched],
      total_results: context.matched.length + unmatched.length,
    },
    state_attr: createStateAttr(context.matched),
  };
}
