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

/** The homes of the set: the generator options each fixture (tuning and held-out) was written against. */
const HOMES = [
  { label: 'home-500', holdout: 'holdout-500', entities: 500, areas: 30, seed: 7 },
  { label: 'home-2000', holdout: 'holdout-2000', entities: 2000, areas: 100, seed: 11 },
] as const;

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
  return HOMES.map(({ label, holdout, entities, areas, seed }) => {
    const fixture = options.holdout === true ? holdout : label;
    return {
      label: fixture,
      home: generateHome({ entities, areas, seed }),
      entities,
      items: readRetrievalItems(fixture),
    };
  });
}
