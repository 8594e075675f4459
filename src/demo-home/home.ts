// Generates a realistic synthetic home from a seed: areas, entities, names, aliases, states and attributes.

import { HearthError } from '../common/index.ts';
import { DOMAIN_TEMPLATES, type DomainTemplate } from './entity-templates.ts';
import { makeEntityId } from './entity-id.ts';
import { makeEntityState } from './entity-states.ts';
import type { Area, Entity, Home } from './home-model.ts';
import {
  AREA_NAMES,
  ENTITY_ALIASES,
  FLOOR_NAMES,
  LONG_ALIAS_WORDS,
  NON_ASCII_AREA_NAMES,
  NON_ASCII_SUFFIXES,
  YAML_QUOTED_NAMES,
  type AreaName,
} from './names.ts';
import { createRandom, type Random } from './prng.ts';

/** Ways a generated home can stress a parser of HA's prompt; all off by default. */
export interface HomeStressOptions {
  /** A few entities carry 6–12 aliases, so PyYAML folds their `names` line. */
  longAliases?: boolean;
  /** Some areas and entities have non-ASCII names (`Küche`, `Lumière`, an emoji). */
  nonAscii?: boolean;
  /** A few entities have names YAML must quote, starting with one literally named `On`. */
  yamlQuotedNames?: boolean;
  /** A few entities are named by their suffix alone (`Lamp`), so the same name appears in several areas. */
  duplicateNames?: boolean;
}

/** Options of {@link generateHome}. */
export interface GenerateHomeOptions {
  /** Total number of entities, at least 2 (a todo list and a lock without an area are always present). */
  entities: number;
  /** Number of areas. */
  areas: number;
  /** PRNG seed; the same options give the same home. */
  seed: number;
  /** Stress features: `true` turns all of them on. */
  stress?: HomeStressOptions | boolean;
  /** Share of entities whose state is `unavailable`; 0.03 unless given. */
  unavailableShare?: number;
}

/** The generator's working state for one home. */
interface Builder {
  random: Random;
  stress: HomeStressOptions;
  unavailableShare: number;
  names: Set<string>;
  ids: Set<string>;
  entities: Entity[];
}

const ALL_STRESS: HomeStressOptions = {
  longAliases: true,
  nonAscii: true,
  yamlQuotedNames: true,
  duplicateNames: true,
};

/** Shuffles a copy of `items` (Fisher–Yates). */
function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = random.int(index + 1);
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

/** The area names of a home: the shuffled pool, then numbered repeats; some non-ASCII when stressed. */
function pickAreaNames(random: Random, count: number, isNonAscii: boolean): AreaName[] {
  const pool = shuffled(random, AREA_NAMES);
  const foreign = shuffled(random, NON_ASCII_AREA_NAMES);
  return Array.from({ length: count }, (_, index) => {
    if (isNonAscii && index % 5 === 2 && foreign.length > 0) return foreign.shift() as AreaName;
    const base = pool[index % pool.length] as AreaName;
    const round = Math.floor(index / pool.length);
    return round === 0 ? base : { name: `${base.name} ${round + 1}`, aliases: [] };
  });
}

/** Makes the areas: about a quarter get one or two aliases, each gets a floor. */
function makeAreas(random: Random, count: number, isNonAscii: boolean): Area[] {
  return pickAreaNames(random, count, isNonAscii).map(({ name, aliases }) => {
    const aliasCount = aliases.length > 0 && random.chance(0.25) ? random.between(1, aliases.length) : 0;
    return { name, aliases: aliases.slice(0, aliasCount), floor: random.pick(FLOOR_NAMES) };
  });
}

/** `name`, or `name 2`, `name 3`, … when already used; records the result. */
function uniqueName(builder: Builder, name: string): string {
  let candidate = name;
  for (let number = 2; builder.names.has(candidate); number += 1) candidate = `${name} ${number}`;
  builder.names.add(candidate);
  return candidate;
}

/** Aliases for a new entity: usually none, about 8 % one, a long list for stressed entities. */
function pickAliases(builder: Builder, domain: string, hasLongAliases: boolean): string[] {
  const { random } = builder;
  if (hasLongAliases) return shuffled(random, LONG_ALIAS_WORDS).slice(0, random.between(6, LONG_ALIAS_WORDS.length));
  const pool = ENTITY_ALIASES[domain] ?? [];
  return pool.length > 0 && random.chance(0.08) ? [random.pick(pool)] : [];
}

/** What {@link addEntity} needs to know about a new entity. */
interface NewEntity {
  domain: string;
  name: string;
  area?: string;
  deviceClass?: string;
  aliases?: string[];
  /** Skip the `unavailable` roll (the always-present todo list and lock). */
  isAlwaysAvailable?: boolean;
}

/** Adds one entity with a plausible state. */
function addEntity(builder: Builder, fields: NewEntity): void {
  const { random } = builder;
  const entityId = makeEntityId(fields.domain, fields.name, builder.ids);
  builder.ids.add(entityId);
  const isUnavailable = !fields.isAlwaysAvailable && random.chance(builder.unavailableShare);
  const { state, attributes } = isUnavailable
    ? { state: 'unavailable', attributes: {} }
    : makeEntityState(random, fields.domain, fields.deviceClass);
  const entity: Entity = {
    entityId,
    name: fields.name,
    aliases: fields.aliases ?? [],
    domain: fields.domain,
    state,
    attributes,
  };
  if (fields.area !== undefined) entity.area = fields.area;
  if (fields.deviceClass !== undefined) entity.deviceClass = fields.deviceClass;
  builder.entities.push(entity);
}

/** The name of the `index`-th drawn entity, honouring the stress options. */
function nameEntity(
  builder: Builder,
  index: number,
  template: DomainTemplate,
  suffix: string,
  area: Area | undefined,
): string {
  const { random, stress } = builder;
  if (stress.yamlQuotedNames && index < 2 * YAML_QUOTED_NAMES.length && index % 2 === 0) {
    return uniqueName(builder, YAML_QUOTED_NAMES[index / 2] as string);
  }
  if (template.isArealess || area === undefined) return uniqueName(builder, suffix);
  if (stress.duplicateNames && random.chance(0.03)) return suffix;
  const ownSuffix = stress.nonAscii && random.chance(0.05) ? random.pick(NON_ASCII_SUFFIXES) : suffix;
  return uniqueName(builder, `${area.name} ${ownSuffix}`);
}

/** Draws the `index`-th entity from the weighted templates; the first ones cover every area once. */
function addDrawnEntity(builder: Builder, areas: readonly Area[], index: number): void {
  const { random, stress } = builder;
  const template = random.weighted(DOMAIN_TEMPLATES, (item) => item.weight);
  const variant = random.weighted(template.variants, (item) => item.weight);
  const suffix = random.pick(variant.suffixes);
  const area =
    template.isArealess || areas.length === 0 ? undefined : index < areas.length ? areas[index] : random.pick(areas);
  const name = nameEntity(builder, index, template, suffix, area);
  const hasLongAliases = (stress.longAliases ?? false) && (index === 1 || random.chance(0.02));
  // A YAML-special name keeps no aliases, so the YAML really holds the bare scalar (`names: 'On'`).
  const aliases = YAML_QUOTED_NAMES.includes(name) ? [] : pickAliases(builder, template.domain, hasLongAliases);
  const fields = { domain: template.domain, name, aliases };
  addEntity(builder, {
    ...fields,
    ...(area && { area: area.name }),
    ...(variant.deviceClass !== undefined && { deviceClass: variant.deviceClass }),
  });
}

/** Generates a home with exactly `entities` entities in `areas` areas; the same options give the same home. */
export function generateHome(options: GenerateHomeOptions): Home {
  if (
    !Number.isInteger(options.entities) ||
    options.entities < 2 ||
    !Number.isInteger(options.areas) ||
    options.areas < 0
  ) {
    throw new HearthError(
      'invalid_request',
      'DEMO_HOME_INVALID_SIZE',
      'a generated home needs at least 2 entities and 0 or more areas',
    );
  }
  const random = createRandom(options.seed);
  const stress = options.stress === true ? ALL_STRESS : options.stress || {};
  const builder: Builder = {
    random,
    stress,
    unavailableShare: options.unavailableShare ?? 0.03,
    names: new Set(),
    ids: new Set(),
    entities: [],
  };
  const areas = makeAreas(random, options.areas, stress.nonAscii ?? false);
  addEntity(builder, { domain: 'todo', name: uniqueName(builder, 'Shopping List'), isAlwaysAvailable: true });
  addEntity(builder, { domain: 'lock', name: uniqueName(builder, 'Front Door'), isAlwaysAvailable: true });
  for (let index = 0; index < options.entities - 2; index += 1) addDrawnEntity(builder, areas, index);
  return { areas, entities: builder.entities };
}
