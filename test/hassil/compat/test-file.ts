// One test file of the intents repository (tests/<lang>/<Intent>/<combo>.yaml): its fake home and test groups.

import { z } from 'zod';
import { parseYamlFile } from '../../../src/hassil/grammar/intents-repo.ts';
import { makeFloat } from '../../../src/hassil/jinja/values.ts';
import { readYaml11Number } from '../../../src/hassil/python/yaml-resolve.ts';
import { createYaml11Schema } from '../../../src/hassil/python/yaml-schema.ts';

// Floats stay Python floats (22.0 prints "22.0" in a response), as PyYAML reads them.
const FLOAT_KEEPING_SCHEMA = createYaml11Schema((text) => makeFloat(readYaml11Number(text)));

const EntitySchema = z.looseObject({
  name: z.string(),
  domain: z.string(),
  /** A raw state, or `{in: <human state>, out: <raw state>}`. */
  state: z.unknown().optional(),
  state_with_unit: z.unknown().optional(),
  attributes: z.record(z.string(), z.unknown()).nullish(),
  area: z.string().nullish(),
  is_exposed: z.boolean().optional(),
});

const TestGroupSchema = z.looseObject({
  sentences: z.array(z.string()),
  slots: z.record(z.string(), z.unknown()).nullish(),
  response: z.string(),
  timers: z.array(z.record(z.string(), z.unknown())).optional(),
  media: z.array(z.record(z.string(), z.unknown())).optional(),
  completed_items: z.array(z.unknown()).optional(),
});

/** A test file as read. */
export const TestFileSchema = z.looseObject({
  language: z.string(),
  entities: z.array(EntitySchema).nullish(),
  areas: z
    .array(z.looseObject({ name: z.string(), floor: z.string().nullish(), context_area: z.boolean().optional() }))
    .nullish(),
  floors: z.array(z.looseObject({ name: z.string() })).nullish(),
  timers: z.array(z.record(z.string(), z.unknown())).nullish(),
  media: z.array(z.record(z.string(), z.unknown())).nullish(),
  completed_items: z.array(z.unknown()).nullish(),
  tests: z.array(TestGroupSchema),
});

/** A test file. */
export type TestFile = z.infer<typeof TestFileSchema>;
/** One test entity. */
export type TestEntity = z.infer<typeof EntitySchema>;
/** One group of test sentences with their expectations. */
export type TestGroup = z.infer<typeof TestGroupSchema>;

/** Parses a test file (errors name the file). */
export function parseTestFile(text: string, file: string): TestFile {
  return parseYamlFile(text, file, TestFileSchema, FLOAT_KEEPING_SCHEMA);
}
