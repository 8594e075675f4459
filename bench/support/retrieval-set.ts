// The labelled retrieval set: two generated homes, each with sentences that need a model and the entity ids
// they target (test/fixtures/retrieval/). Used to measure how well the retrieval step picks entities. A held-out
// set over the same homes, written after the retrieval constants were tuned, measures how well that generalises.

import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { Home } from '../../src/homeassistant/request/index.ts';
import { generateHome } from '../../test/fixtures/homes/index.ts';

/** One labelled sentence: what the user said, every entity id a model needs to see, and the kind of request. */
export const RetrievalItemSchema = z.object({
  text: z.string().min(1),
  targets: z.array(z.string()),
  kind: z.string(),
});

/** One labelled sentence of the set. */
export type RetrievalItem = z.infer<typeof RetrievalItemSchema>;

/** A fixture file: a list of labelled sentences. */
const RetrievalFileSchema = z.array(RetrievalItemSchema);

/** One home of the set with its labelled sentences. */
export interface RetrievalSet {
  /** `home-500`, `home-2000`, `holdout-500` or `holdout-2000`, the fixture's file name. */
  label: string;
  home: Home;
  /** The number of entities the home was generated with. */
  entities: number;
  items: RetrievalItem[];
}

/** The kinds of request the set covers; README.md in the fixture folder describes each. */
export const RETRIEVAL_KINDS = [
  'comfort',
  'relative',
  'conditional',
  'composite',
  'explain',
  'question',
  'alias',
  'device_class',
  'no_device',
] as const;

/** The folder holding the fixtures. */
export const RETRIEVAL_FIXTURE_DIR = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'test',
  'fixtures',
  'retrieval',
);

/** A device added to a generated home (the generator makes no valves, sprinklers or mowers). */
interface AddedDevice {
  readonly entityId: string;
  readonly name: string;
  readonly area: string;
  readonly state: string;
  readonly deviceClass?: string;
}

/** A generated home of the set: its fixtures, the generator's options, and the devices added after generation. */
interface GeneratedHome {
  readonly label: string;
  readonly holdout: string;
  readonly entities: number;
  readonly areas: number;
  readonly seed: number;
  readonly added: readonly AddedDevice[];
}

/**
 * The homes of the set: the generator options each fixture (tuning and held-out) was written against, and the
 * garden devices added after generation for the watering and mowing sentences (the generated ones are unchanged).
 */
const HOMES = [
  {
    label: 'home-500',
    holdout: 'holdout-500',
    entities: 500,
    areas: 30,
    seed: 7,
    added: [
      {
        entityId: 'valve.backyard_irrigation_valve',
        name: 'Backyard Irrigation Valve',
        area: 'Backyard',
        state: 'closed',
        deviceClass: 'water',
      },
      { entityId: 'switch.front_yard_sprinklers', name: 'Front Yard Sprinklers', area: 'Front Yard', state: 'off' },
      { entityId: 'lawn_mower.backyard_mower', name: 'Backyard Mower', area: 'Backyard', state: 'docked' },
    ],
  },
  {
    label: 'home-2000',
    holdout: 'holdout-2000',
    entities: 2000,
    areas: 100,
    seed: 11,
    added: [
      {
        entityId: 'valve.garden_water_valve',
        name: 'Garden Water Valve',
        area: 'Garden',
        state: 'closed',
        deviceClass: 'water',
      },
      { entityId: 'switch.backyard_sprinkler', name: 'Backyard Sprinkler', area: 'Backyard', state: 'off' },
      { entityId: 'lawn_mower.robot_mower', name: 'Robot Mower', area: 'Garden 2', state: 'docked' },
    ],
  },
] as const satisfies readonly GeneratedHome[];

/** `home` with `added` appended, in areas the home already has. */
function withDevices(home: Home, added: readonly AddedDevice[]): Home {
  const entities = added.map((device) => ({
    entityId: device.entityId,
    name: device.name,
    aliases: [],
    domain: device.entityId.slice(0, device.entityId.indexOf('.')),
    area: device.area,
    ...(device.deviceClass === undefined ? {} : { deviceClass: device.deviceClass }),
    state: device.state,
    attributes: {},
  }));
  return { ...home, entities: [...home.entities, ...entities] };
}

/** Which sentences to load for the homes. */
export interface RetrievalSetOptions {
  /** Load the held-out sentences (`holdout-500`, `holdout-2000`) instead of the tuning set; default false. */
  holdout?: boolean;
}

/** Reads one fixture's items. */
export function readRetrievalItems(label: string): RetrievalItem[] {
  const file = resolve(RETRIEVAL_FIXTURE_DIR, `${label}.json`);
  const parsed = RetrievalFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** Generates each home with its seed and reads its labelled sentences, the tuning set or the held-out one. */
export function loadRetrievalSets(options: RetrievalSetOptions = {}): RetrievalSet[] {
  return HOMES.map(({ label, holdout, entities, areas, seed, added }) => {
    const fixture = options.holdout === true ? holdout : label;
    return {
      label: fixture,
      home: withDevices(generateHome({ entities, areas, seed }), added),
      entities,
      items: readRetrievalItems(fixture),
    };
  });
}
