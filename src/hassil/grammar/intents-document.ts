// The grammar loader for hassil's classic single-document format (and HA's packaged JSON).

import { z } from 'zod';
import { HassilError, type GrammarLocation } from '../errors.ts';
import { createGrammarCache } from '../speedup/grammar-cache.ts';
import type { Intent, IntentData, Intents } from './intents-model.ts';
import { countTextChunks, listNamesOf, type Sentence } from '../expression.ts';
import { isTemplate, parseSentence } from '../parse.ts';
import { createTextSlotList, createTextValue, type SlotList, type TextSlotValue } from './slot-lists.ts';
import { createExpressionPool, type ExpressionPool } from './expression-pool.ts';

const ListValueSchema = z.union([
  z.string(),
  z.looseObject({
    in: z.string(),
    out: z.unknown().optional(),
    context: z.record(z.string(), z.unknown()).optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  }),
]);

// z.object: unknown keys of a list (documentation fields) are dropped, not refused.
const ListSchema = z.union([
  z.object({ values: z.array(ListValueSchema) }),
  z.object({
    range: z.object({
      type: z.string().optional(),
      from: z.number(),
      to: z.number(),
      step: z.number().positive().optional(),
      multiplier: z.number().optional(),
      fractions: z.enum(['halves', 'tenths']).optional(),
      digits: z.boolean().optional(),
      words: z.boolean().optional(),
      words_language: z.string().optional(),
    }),
  }),
  z.object({ wildcard: z.literal(true) }),
]);

const RulesSchema = z.record(z.string(), z.string());

const DataSchema = z.looseObject({
  sentences: z.array(z.string()),
  slots: z.record(z.string(), z.unknown()).optional(),
  response: z.string().optional(),
  requires_context: z.record(z.string(), z.unknown()).optional(),
  excludes_context: z.record(z.string(), z.unknown()).optional(),
  expansion_rules: RulesSchema.optional(),
  lists: z.record(z.string(), ListSchema).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  required_keywords: z.array(z.string()).optional(),
  settings: z.looseObject({ filter_with_regex: z.boolean().optional() }).optional(),
});

/** hassil's classic grammar document (`Intents.from_dict`), plus HA's `responses` section. */
export const IntentsDocumentSchema = z.looseObject({
  language: z.string(),
  intents: z.record(z.string(), z.looseObject({ data: z.array(DataSchema) })),
  lists: z.record(z.string(), ListSchema).optional(),
  expansion_rules: RulesSchema.optional(),
  skip_words: z.array(z.string()).optional(),
  settings: z
    .looseObject({ ignore_whitespace: z.boolean().optional(), filter_with_regex: z.boolean().optional() })
    .optional(),
  responses: z
    .looseObject({
      intents: z.record(z.string(), z.record(z.string(), z.string())).optional(),
      errors: z.record(z.string(), z.string()).optional(),
    })
    .optional(),
});

/** A grammar document as validated. */
export type IntentsDocument = z.infer<typeof IntentsDocumentSchema>;
type ListDocument = z.infer<typeof ListSchema>;

/** Compiles a classic grammar document; a bad one throws `INVALID_GRAMMAR` / `TEMPLATE_SYNTAX` saying where. */
export function loadIntents(document: unknown, location: GrammarLocation = {}): Intents {
  const parsed = IntentsDocumentSchema.safeParse(document);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new HassilError(
      'INVALID_GRAMMAR',
      `the grammar is invalid at ${issue.path.join('.') || '(top)'}: ${issue.message}`,
      location,
    );
  }
  const doc = parsed.data;
  const wildcardLists = new Set(
    Object.entries(doc.lists ?? {})
      .filter(([, list]) => 'wildcard' in list)
      .map(([name]) => name),
  );
  const intents = new Map<string, Intent>();
  // One pool for the whole grammar: its templates and rules share their common parts.
  const pool = createExpressionPool();
  // Most blocks define no rules or lists of their own: they share one empty table rather than each holding two.
  const none = { rules: new Map<string, Sentence>(), lists: new Map<string, SlotList>() };
  for (const [name, intent] of Object.entries(doc.intents)) {
    const where = { ...location, intent: name };
    const compile = { wildcardLists, where, pool, none };
    intents.set(name, { name, data: intent.data.map((data) => compileData(data, compile)) });
  }
  return {
    language: doc.language,
    intents,
    slotLists: compileLists(doc.lists ?? {}, location),
    expansionRules: compileRules(doc.expansion_rules ?? {}, location, pool),
    skipWords: doc.skip_words ?? [],
    settings: {
      ignoreWhitespace: doc.settings?.ignore_whitespace ?? false,
      filterWithRegex: doc.settings?.filter_with_regex ?? true,
    },
    responses: { intents: doc.responses?.intents ?? {}, errors: doc.responses?.errors ?? {} },
    cache: createGrammarCache(),
  };
}

/** What compiling one block needs besides the block. */
interface DataCompile {
  wildcardLists: ReadonlySet<string>;
  where: GrammarLocation;
  pool: ExpressionPool;
  /** The empty rules and lists blocks without their own share. */
  none: { rules: ReadonlyMap<string, Sentence>; lists: ReadonlyMap<string, SlotList> };
}

function compileData(data: z.infer<typeof DataSchema>, { wildcardLists, where, pool, none }: DataCompile): IntentData {
  const sentences = data.sentences.map((text) => parseAt(text, where, pool));
  const order = (sentence: Sentence) =>
    listNamesOf(sentence.expression).some((name) => wildcardLists.has(name))
      ? -countTextChunks(sentence.expression)
      : 0;
  const compiled: { -readonly [K in keyof IntentData]: IntentData[K] } = {
    // Array.prototype.sort is stable, as Python's sorted is.
    sentences: sentences
      .map((sentence) => ({ sentence, key: order(sentence) }))
      .sort((a, b) => a.key - b.key)
      .map(({ sentence }) => sentence),
    slots: data.slots ?? {},
    requiresContext: data.requires_context ?? {},
    excludesContext: data.excludes_context ?? {},
    expansionRules: data.expansion_rules === undefined ? none.rules : compileRules(data.expansion_rules, where, pool),
    slotLists: data.lists === undefined ? none.lists : compileLists(data.lists, where),
    filterWithRegex: data.settings?.filter_with_regex ?? true,
  };
  if (data.response !== undefined) compiled.response = data.response;
  if (data.metadata !== undefined) compiled.metadata = data.metadata;
  if (data.required_keywords !== undefined) compiled.requiredKeywords = new Set(data.required_keywords);
  return compiled;
}

function compileRules(
  rules: Record<string, string>,
  where: GrammarLocation,
  pool: ExpressionPool,
): Map<string, Sentence> {
  return new Map(
    Object.entries(rules).map(([name, body]) => [name, parseAt(body, { ...where, template: body }, pool)]),
  );
}

function compileLists(lists: Record<string, ListDocument>, where: GrammarLocation): Map<string, SlotList> {
  return new Map(Object.entries(lists).map(([name, list]) => [name, compileList(name, list, where)]));
}

/** One list document as a slot list (hassil's `_parse_list`). */
export function compileList(name: string, list: ListDocument, where: GrammarLocation = {}): SlotList {
  if ('values' in list)
    return createTextSlotList(
      name,
      list.values.map((value) => compileValue(value, where)),
    );
  if ('range' in list) {
    const range = list.range;
    if (range.from > range.to)
      throw new HassilError('INVALID_GRAMMAR', `range list '${name}' starts after it ends`, where);
    return {
      kind: 'range',
      name,
      start: Math.trunc(range.from),
      stop: Math.trunc(range.to),
      step: Math.trunc(range.step ?? 1),
      type: range.type ?? 'number',
      ...(range.fractions === undefined ? {} : { fractionType: range.fractions }),
      ...(range.multiplier === undefined ? {} : { multiplier: range.multiplier }),
      digits: range.digits ?? true,
      words: range.words ?? true,
      ...(range.words_language === undefined ? {} : { wordsLanguage: range.words_language }),
    };
  }
  return { kind: 'wildcard', name };
}

function compileValue(value: z.infer<typeof ListValueSchema>, where: GrammarLocation): TextSlotValue {
  try {
    // A plain string is its own output, unless it is a template: then the matched text is.
    if (typeof value === 'string')
      return isTemplate(value)
        ? createTextValue(value, undefined)
        : createTextValue(value, value, { allowTemplate: false });
    return createTextValue(value.in, value.out ?? undefined, {
      ...(value.context === undefined ? {} : { context: value.context }),
      ...(value.metadata === undefined ? {} : { metadata: value.metadata }),
    });
  } catch (error) {
    throw error instanceof HassilError ? error.at(where) : error;
  }
}

function parseAt(template: string, where: GrammarLocation, pool: ExpressionPool): Sentence {
  try {
    return pool.sentence(parseSentence(template));
  } catch (error) {
    throw error instanceof HassilError ? error.at(where) : error;
  }
}
