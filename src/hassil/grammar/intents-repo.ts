// Assembling hassil's classic grammar document for one language from the OHF-Voice/intents repository layout.

import type { z } from 'zod';
import { HassilError, type GrammarLocation } from '../errors.ts';
import { loadIntents } from './intents-document.ts';
import type { Intents } from './intents-model.ts';
import {
  CommonFileSchema,
  IntentsFileSchema,
  ListFileSchema,
  ResponseFileSchema,
  RuleFileSchema,
  SentenceFileSchema,
  type IntentsFile,
  type SentenceBlock,
  type SlotCombinationInfo,
} from './intents-repo-schema.ts';
import { mergeDict, type PlainObject } from './merge-dict.ts';
import type { YamlSchema } from '../python/yaml-schema.ts';
import { loadYamlText } from './yaml-file.ts';
import { detachStrings } from './detach-strings.ts';

/** Read access to a checkout of the intents repository; paths are relative to its root and use `/`. */
export interface RepoFiles {
  /** The file's text, or undefined when there is no such file. */
  readText(relativePath: string): string | undefined;
  /** The names of the entries of a folder (files and folders), or [] when there is no such folder. */
  listDir(relativePath: string): string[];
}

/** One slot combination of intents.yaml, with what the test harness needs from it. */
export interface SlotCombination {
  readonly intent: string;
  readonly name: string;
  /** The slot names a test of this combination must produce. */
  readonly slots: readonly string[];
  /** The area comes from the satellite's context. */
  readonly contextArea: boolean;
  /** Every domain `{name}` may have (all importances), empty when the combination has no `name_domains`. */
  readonly nameDomains: ReadonlySet<string>;
  /** Every domain the blocks may infer (all importances), empty when there are none. */
  readonly inferredDomains: ReadonlySet<string>;
  /** Named domain lists for `name_domains: "<group>"`. */
  readonly nameDomainGroups: Readonly<Record<string, readonly string[]>>;
  /** The combination as written in intents.yaml. */
  readonly info: SlotCombinationInfo;
}

/** What one grammar block came from, for error messages and the template-coverage check. */
export interface BlockSource {
  readonly intent: string;
  readonly slotCombination: string;
  readonly file: string;
}

/** A grammar document and where its parts came from. */
export interface IntentsRepoDocument {
  /** hassil's classic grammar document (input of `loadIntents`), with `responses`. */
  readonly document: PlainObject;
  /** Per intent, the source of each data block, in block order. */
  readonly blockSources: ReadonlyMap<string, readonly BlockSource[]>;
  /** Each file's part as a grammar document of its own, to find the file of a compile error. */
  readonly fileParts: readonly FilePart[];
}

/** The part of the grammar one file contributed, as a document `loadIntents` accepts. */
export interface FilePart {
  readonly file: string;
  readonly document: PlainObject;
}

const INTENTS_FILE = 'intents.yaml';

/** Reads intents.yaml: every intent, in file order, with its slot combinations in file order. */
export function loadSlotCombinations(files: RepoFiles): Map<string, SlotCombination[]> {
  const intentsFile: IntentsFile = readYamlFile(files, INTENTS_FILE, IntentsFileSchema);
  const result = new Map<string, SlotCombination[]>();
  for (const [intent, info] of Object.entries(intentsFile)) {
    result.set(
      intent,
      Object.entries(info.slot_combinations).map(([name, combo]) => toSlotCombination(intent, name, combo)),
    );
  }
  return result;
}

function toSlotCombination(intent: string, name: string, info: SlotCombinationInfo): SlotCombination {
  const allOf = (byImportance: Record<string, string[]> | undefined) =>
    new Set(Object.values(byImportance ?? {}).flat());
  return {
    intent,
    name,
    info,
    slots: info.slots ?? [],
    contextArea: info.context_area === true,
    nameDomains: allOf(info.name_domains),
    inferredDomains: allOf(info.inferred_domains),
    nameDomainGroups: info.name_domain_groups ?? {},
  };
}

/**
 * Builds the grammar document for `language` as the intents repository's test harness does
 * (tests/test_slot_combinations.py): lists, rules, `_common.yaml`, then one block per sentence block.
 */
export function buildIntentsRepoDocument(files: RepoFiles, language: string): IntentsRepoDocument {
  const fileParts: FilePart[] = [];
  const document: PlainObject = {
    language,
    intents: {},
    lists: readLists(files, language, fileParts),
    expansion_rules: readRules(files, language, fileParts),
    skip_words: [],
  };
  Object.assign(document, readCommon(files, language));
  const intents: PlainObject = {};
  const blockSources = new Map<string, BlockSource[]>();
  for (const [intent, combos] of loadSlotCombinations(files)) {
    const { blocks, sources } = readIntentBlocks(files, language, combos, fileParts);
    if (blocks.length === 0) continue;
    intents[intent] = { data: blocks };
    blockSources.set(intent, sources);
  }
  document.intents = intents;
  (document.responses as PlainObject).intents = readResponses(files, language);
  return { document, blockSources, fileParts };
}

/** The blocks of one intent's combinations, in intents.yaml order, skipping combinations without a file. */
function readIntentBlocks(
  files: RepoFiles,
  language: string,
  combos: readonly SlotCombination[],
  fileParts: FilePart[],
): { blocks: PlainObject[]; sources: BlockSource[] } {
  const blocks: PlainObject[] = [];
  const sources: BlockSource[] = [];
  for (const combo of combos) {
    const file = `sentences/${language}/${combo.intent}/${combo.name}.yaml`;
    const converted = readSentenceFile(files, file, combo);
    if (converted === undefined) continue;
    blocks.push(...converted);
    sources.push(...converted.map(() => ({ intent: combo.intent, slotCombination: combo.name, file })));
    fileParts.push({ file, document: { language, intents: { [combo.intent]: { data: converted } } } });
  }
  return { blocks, sources };
}

/** Loads the grammar of `language` from the repository; errors name the file (and line when known). */
export function loadIntentsRepo(files: RepoFiles, language: string): Intents {
  const { document, fileParts } = buildIntentsRepoDocument(files, language);
  try {
    return loadIntents(document, {});
  } catch (error) {
    if (!(error instanceof HassilError)) throw error;
    throw findFileError(files, fileParts) ?? error;
  }
}

/** Compiles each file's part alone to name the file (and the template's line) of a compile error. */
function findFileError(files: RepoFiles, fileParts: readonly FilePart[]): HassilError | undefined {
  for (const { file, document } of fileParts) {
    try {
      loadIntents(document, { file });
    } catch (error) {
      if (!(error instanceof HassilError)) throw error;
      const line = lineOf(files.readText(file) ?? '', error.location.template);
      return line === undefined ? error : error.at({ line });
    }
  }
  return undefined;
}

/** The 1-based line of the first line of `text` that contains `template`. */
function lineOf(text: string, template: string | undefined): number | undefined {
  if (template === undefined) return undefined;
  const index = text.split('\n').findIndex((line) => line.includes(template));
  return index < 0 ? undefined : index + 1;
}

/** The combination's blocks as hassil data blocks, or undefined when the language has no such file. */
function readSentenceFile(files: RepoFiles, file: string, combo: SlotCombination): PlainObject[] | undefined {
  const text = files.readText(file);
  if (text === undefined) return undefined;
  const blocks = keepHomeAssistantBlocks(parseYamlFile(text, file, SentenceFileSchema).data);
  // The harness puts every template of the file into each block's metadata, to check that tests cover them.
  const templates = blocks.flatMap((block) => block.sentences);
  return blocks.map((block) => convertBlock(block, combo, templates, { file }));
}

/** `partition_speech_to_phrase`: speech-to-phrase blocks are dropped when the file has untagged ones. */
export function keepHomeAssistantBlocks(blocks: readonly SentenceBlock[]): SentenceBlock[] {
  const untagged = blocks.filter((block) => block.speech_to_phrase !== true);
  return untagged.length > 0 ? untagged : [...blocks];
}

/** `resolve_domain_context`: `name_domains`, `inferred_domain` and `context_area` as hassil slots and context. */
export function convertBlock(
  block: SentenceBlock,
  combo: SlotCombination,
  templates: readonly string[],
  where: GrammarLocation = {},
): PlainObject {
  const slots: PlainObject = { ...block.slots };
  const requiresContext: PlainObject = { ...block.requires_context };
  let nameDomains = block.name_domains;
  if (typeof nameDomains === 'string') {
    const group = combo.nameDomainGroups[nameDomains];
    if (group === undefined)
      throw new HassilError(
        'INVALID_GRAMMAR',
        `name_domains names the group '${nameDomains}', which ${combo.intent}/${combo.name} in intents.yaml does not define`,
        { ...where, intent: combo.intent },
      );
    nameDomains = [...group];
  }
  // Python truthiness: an empty list of name domains falls through to inferred_domain.
  if (nameDomains !== undefined && nameDomains.length > 0) requiresContext.domain = nameDomains;
  else if (block.inferred_domain) slots.domain = block.inferred_domain;
  if (combo.contextArea) requiresContext.area = { slot: true };
  const metadata = { ...block.metadata, slot_combination: combo.name, sentence_templates: templates };
  const converted: PlainObject = {
    sentences: [...block.sentences],
    slots,
    requires_context: requiresContext,
    metadata,
  };
  if (block.response !== undefined) converted.response = block.response;
  return converted;
}

/** `_common.yaml`: skip words, settings and the error responses. */
function readCommon(files: RepoFiles, language: string): PlainObject {
  const file = `sentences/${language}/_common.yaml`;
  const text = files.readText(file);
  const common = text === undefined ? {} : parseYamlFile(text, file, CommonFileSchema);
  const result: PlainObject = {
    skip_words: common.skip_words ?? [],
    responses: { errors: common.responses?.errors ?? {} },
  };
  if (common.settings !== undefined) result.settings = common.settings;
  return result;
}

/** Shared lists, then the language's lists; a later file replaces a list of the same name. */
function readLists(files: RepoFiles, language: string, fileParts: FilePart[]): PlainObject {
  const lists: PlainObject = {};
  for (const file of [...yamlFilesIn(files, 'lists'), ...yamlFilesIn(files, `lists/${language}`)]) {
    const fileLists = readYamlFile(files, file, ListFileSchema).lists;
    Object.assign(lists, fileLists);
    fileParts.push({ file, document: { language, intents: {}, lists: fileLists } });
  }
  return lists;
}

function readRules(files: RepoFiles, language: string, fileParts: FilePart[]): PlainObject {
  const rules: PlainObject = {};
  for (const file of yamlFilesIn(files, `rules/${language}`)) {
    const fileRules = readYamlFile(files, file, RuleFileSchema).expansion_rules;
    Object.assign(rules, fileRules);
    fileParts.push({ file, document: { language, intents: {}, expansion_rules: fileRules } });
  }
  return rules;
}

/** `responses/<lang>/*.yaml` merged as hassil's merge_dict does: `responses.intents.<Intent>.<key>`. */
function readResponses(files: RepoFiles, language: string): PlainObject {
  const merged: PlainObject = {};
  for (const file of yamlFilesIn(files, `responses/${language}`))
    mergeDict(merged, { ...readYamlFile(files, file, ResponseFileSchema).responses.intents });
  return merged;
}

/** The `.yaml` files of a folder, sorted by name (Python's glob order is the file system's; sorting makes it stable). */
function yamlFilesIn(files: RepoFiles, folder: string): string[] {
  return files
    .listDir(folder)
    .filter((name) => name.endsWith('.yaml'))
    .sort()
    .map((name) => `${folder}/${name}`);
}

function readYamlFile<S extends z.ZodType>(files: RepoFiles, file: string, schema: S): z.infer<S> {
  const text = files.readText(file);
  if (text === undefined) throw new HassilError('INVALID_GRAMMAR', 'the file is missing', { file });
  return parseYamlFile(text, file, schema);
}

/** Parses and validates one YAML file; errors name the file, the key path and (for YAML syntax) the line. */
export function parseYamlFile<S extends z.ZodType>(
  text: string,
  file: string,
  schema: S,
  yamlSchema?: YamlSchema,
): z.infer<S> {
  const parsed = schema.safeParse(detachStrings(loadYamlText(text, file, yamlSchema)));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new HassilError(
    'INVALID_GRAMMAR',
    `unexpected structure at ${issue.path.join('.') || '(top)'}: ${issue.message}`,
    { file },
  );
}
