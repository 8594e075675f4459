// A small home for the repair tests: an inline grammar, a catalogue, its slot lists, a recogniser and a check of repairs.

import assert from 'node:assert/strict';
import yaml from 'js-yaml';
import {
  createTextSlotList,
  createTextValue,
  loadIntents,
  recognizeBest,
  textSlotListFromStrings,
  type Intents,
  type RecognizeResult,
  type SlotList,
} from '../../../../src/hassil/index.ts';
import { createCatalog, type CatalogEntity, type EntityCatalog } from '../../../../src/homeassistant/request/index.ts';
import type { Recognize, RepairCorrection, RepairOutcome } from '../../../../src/assist/steps/repair/index.ts';

const GRAMMAR = `
language: en
skip_words: [please]
intents:
  HassTurnOn:
    data:
      - sentences:
          - "(turn|switch) on [the] {name}"
          - "(turn|switch) [the] {name} on"
          - "(turn|switch) on [the] {name} in [the] {area}"
        requires_context: {domain: [light, switch, fan]}
      - sentences: ["(turn|switch) on [the] {name} light[s]"]
        requires_context: {domain: light}
      - sentences: ["open [the] {name}"]
        requires_context: {domain: cover}
      - sentences: ["(turn|switch) on [the] light[s] in [the] {area}", "(turn|switch) on [the] {area} light[s]"]
        slots: {domain: light}
  HassTurnOff:
    data:
      - sentences:
          - "(turn|switch) off [the] {name}"
          - "(turn|switch) [the] {name} off"
          - "(turn|switch) off [the] {name} in [the] {area}"
        requires_context: {domain: [light, switch]}
      - sentences: ["close [the] {name}"]
        requires_context: {domain: cover}
      - sentences: ["unlock [the] {name}"]
        requires_context: {domain: lock}
      - sentences: ["(turn|switch) off [the] light[s] in [the] {area}", "(turn|switch) off [the] {area} light[s]"]
        slots: {domain: light}
  HassLightSet:
    data:
      - sentences: ["set [the] {name} [brightness] to {brightness}[%| percent]"]
        requires_context: {domain: light}
lists:
  brightness: {range: {from: 0, to: 100}}
`;

/** The inline grammar: on/off (fans only on), open/close for covers, unlock for locks, brightness. */
export const INTENTS: Intents = loadIntents(yaml.load(GRAMMAR), { file: 'repair-home.yaml' });

/** An entity of the test home, without aliases or attributes (spread it to add them). */
export function entity(name: string, domain: string, area: string | undefined): CatalogEntity {
  return {
    name,
    aliases: [],
    domain,
    ...(area === undefined ? {} : { area }),
    areaAliases: area === 'Living Room' ? ['Lounge'] : [],
  };
}

/** The test home's entities. */
export const ENTITIES: readonly CatalogEntity[] = [
  entity('Kitchen Light', 'light', 'Kitchen'),
  entity('Ceiling Light', 'light', 'Kitchen'),
  entity('Ceiling Lights', 'light', 'Bedroom'),
  entity('Bed Lamp', 'light', 'Bedroom'),
  entity('Bed Lamps', 'light', 'Guest Room'),
  entity('Hall Lamp', 'light', 'Hallway'),
  entity('Wall Lamp', 'light', 'Living Room'),
  entity('Ceiling Fan', 'fan', 'Living Room'),
  { ...entity('Coffee Maker', 'switch', 'Kitchen'), aliases: ['Coffee Machine'] },
  entity('Bookshelf', 'light', 'Living Room'),
  entity('Bookshelves', 'switch', 'Living Room'),
  entity('Porch', 'light', 'Hallway'),
  entity('Porch', 'lock', 'Hallway'),
  entity('Front Door', 'lock', 'Hallway'),
  { ...entity('Garage Door', 'cover', 'Garage'), attributes: { device_class: 'garage' } },
  { ...entity('Patio Blind', 'cover', 'Living Room'), attributes: { device_class: 'blind' } },
  entity('Shed Blind', 'cover', 'Garden'),
];

/** The catalogue of `entities` (default: the test home). */
export function catalogOf(entities: readonly CatalogEntity[] = ENTITIES): EntityCatalog {
  return createCatalog('static-context', entities);
}

/** The lists Home Assistant would match with: entity names and aliases (with their domain), area names and aliases. */
export function slotListsOf(catalog: EntityCatalog): Record<string, SlotList> {
  const name = createTextSlotList(
    'name',
    catalog.entities.flatMap((item) =>
      [item.name, ...item.aliases].map((text) =>
        createTextValue(text, item.name, { allowTemplate: false, context: { domain: item.domain } }),
      ),
    ),
  );
  const area = createTextSlotList(
    'area',
    catalog.areas.flatMap((item) =>
      [item.name, ...item.aliases].map((text) => createTextValue(text, item.name, { allowTemplate: false })),
    ),
  );
  return { name, area, floor: textSlotListFromStrings('floor', [], false) };
}

/** A recogniser for `catalog`, as the pipeline would pass it. */
export function recognizerOf(catalog: EntityCatalog): (text: string) => RecognizeResult | undefined {
  const slotLists = slotListsOf(catalog);
  return (text) => recognizeBest(text, INTENTS, { slotLists, bestSlotName: 'name' });
}

/** The intent and slot values of a result, for compact assertions. */
export function summarize(result: RecognizeResult | undefined): string | undefined {
  if (result === undefined) return undefined;
  return [result.intent.name, ...result.entitiesList.map((item) => `${item.name}=${String(item.value)}`)].join(' ');
}

/** A sentence a repair must fix: the input, the sentence it becomes, and what that means (`summarize`). */
export interface RepairedRow {
  readonly text: string;
  readonly repaired: string;
  readonly meaning: string;
}

/**
 * Checks that `recognize` fails on the row's input and that `repair` turns it into the row's sentence
 * with the row's meaning; returns the corrections, for each mechanism's own checks.
 */
export function assertRepairs(
  row: RepairedRow,
  repair: (text: string) => RepairOutcome,
  recognize: Recognize,
): readonly RepairCorrection[] {
  assert.equal(recognize(row.text), undefined, 'the input must not be recognised as it is');
  const outcome = repair(row.text);
  assert.equal(outcome.kind, 'repaired', JSON.stringify(outcome));
  if (outcome.kind !== 'repaired') return [];
  assert.equal(outcome.text, row.repaired);
  assert.equal(summarize(outcome.result), row.meaning);
  return outcome.corrections;
}
