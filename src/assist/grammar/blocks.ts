// How the built-in grammar writes an intent data block: one slot combination, its templates and what binds them.

import type { IntentsDocument } from '../../hassil/index.ts';

/** One intent data block of hassil's classic grammar document. */
export type IntentBlock = IntentsDocument['intents'][string]['data'][number];

/** Response templates of one intent, by response key (Jinja2, as Home Assistant's `responses.intents.<Intent>`). */
export type IntentResponses = Record<string, string>;

/** The part of the grammar one intent family contributes; `index.ts` merges the parts into one document. */
export interface GrammarPart {
  readonly intents: IntentsDocument['intents'];
  readonly responses: Readonly<Record<string, IntentResponses>>;
}

/** Expansion rules given to one block only (they override the global rules of the same name). */
export type BlockRules = Readonly<Record<string, string>>;

/**
 * The entities a `{name}` may stand for in a block: their domains, and the rules that say how such a
 * name may be spoken (the global `<entity>` rule ends in `<noun>`, so "play corner lights" is the light
 * "Play Corner" while a switch called "Kitchen" is never reached through "kitchen light").
 */
export interface NameFamily {
  readonly domains: readonly string[];
  readonly rules: BlockRules;
}

/** Where a target is: the slot it fills, and the rules `<loc>` ("the kitchen") and `<in_loc>` ("in the kitchen"). */
export interface Place {
  readonly slot: 'area' | 'floor' | 'name';
  readonly rules: BlockRules;
}

/** What one block is made of. */
export interface BlockSpec {
  /** Home Assistant's slot combination name (intents.yaml), returned as `metadata.slot_combination`. */
  readonly combination: string;
  readonly sentences: readonly string[];
  /** The `{name}` must be an entity of one of these families (their domains are required as context). */
  readonly names?: NameFamily;
  /** Fixed slots, added when the template did not fill them (`domain: light`). */
  readonly slots?: Readonly<Record<string, string | number>>;
  /** Where the target is (its rules are bound in the block). */
  readonly place?: Place;
  /** The area is the satellite's (Home Assistant's `context_area` combinations). */
  readonly contextArea?: boolean;
  /** Block-local rules: a place, a domain's nouns, a state list. */
  readonly rules?: BlockRules;
  /** The response key (default "default"). */
  readonly response?: string;
  /**
   * How many devices the templates name by their kind, reported as `metadata.devices`: `one` ("the bedroom lamp":
   * a place with several is asked about, not switched as a whole) or `several` ("the lamps": with no place and no
   * satellite area, which place is asked).
   */
  readonly devices?: 'one' | 'several';
  /**
   * The template is a device's name alone ("kitchen light" turns it on): reported as `metadata.name_alone`, so that
   * it counts as a command only when it is the whole sentence, never as one part of several.
   */
  readonly nameAlone?: true;
}

/** Builds one data block; families and places become block-local rules and `requires_context`. */
export function block(spec: BlockSpec): IntentBlock {
  const requires: Record<string, unknown> = {};
  if (spec.names !== undefined) requires.domain = [...spec.names.domains];
  if (spec.contextArea === true) requires.area = { slot: true };
  const rules = { ...spec.names?.rules, ...spec.place?.rules, ...spec.rules };
  return {
    sentences: [...spec.sentences],
    ...(spec.slots === undefined ? {} : { slots: { ...spec.slots } }),
    ...(Object.keys(requires).length === 0 ? {} : { requires_context: requires }),
    ...(Object.keys(rules).length === 0 ? {} : { expansion_rules: rules }),
    ...(spec.response === undefined ? {} : { response: spec.response }),
    metadata: {
      slot_combination: spec.combination,
      ...(spec.devices === undefined ? {} : { devices: spec.devices }),
      ...(spec.nameAlone === true ? { name_alone: true } : {}),
    },
  };
}

/** A kind's nouns for one device and for several: "lamp" and "lamps". */
export interface KindNouns {
  readonly one: string;
  readonly many: string;
}

/**
 * The blocks of `spec` for several devices (its templates with `rule` bound to `nouns.many`, first, so that a template
 * without the noun reads as the whole place) and for one (only the templates that use the rule, bound to
 * `nouns.one`). `oneRules` rebinds rules that allow "all" for the single form.
 */
export function countedBlocks(
  spec: BlockSpec,
  rule: string,
  nouns: KindNouns,
  oneRules: Readonly<Record<string, string>> = {},
): IntentBlock[] {
  const usesNoun = new RegExp(`<(${[rule, ...Object.keys(oneRules)].join('|')})>`, 'u');
  const one = spec.sentences.filter((sentence) => usesNoun.test(sentence));
  return [
    block({ ...spec, rules: { ...spec.rules, [rule]: nouns.many }, devices: 'several' }),
    ...(one.length === 0
      ? []
      : [block({ ...spec, sentences: one, rules: { ...spec.rules, ...oneRules, [rule]: nouns.one }, devices: 'one' })]),
  ];
}

/** A name family: `noun` is what may follow the name ("lights" after "play corner"); `entity` replaces the whole rule. */
export function nameFamily(domains: readonly string[], words: { noun?: string; entity?: string } = {}): NameFamily {
  const rules: Record<string, string> = {};
  if (words.noun !== undefined) rules.noun = `[ ${words.noun}]`;
  if (words.entity !== undefined) rules.entity = words.entity;
  return { domains, rules };
}

/** A combination name for a place: `area_brightness` in an area, `floor_brightness` on a floor. */
export function placed(place: Place, suffix: string): string {
  return `${place.slot}_${suffix}`;
}
