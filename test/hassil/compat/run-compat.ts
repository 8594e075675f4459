// Runs every test sentence of a language as the intents repository's harness does and compares with Python hassil.

import { recognizeBest, type Intents } from '../../../src/hassil/index.ts';
import { createFsRepo } from '../../../src/hassil/grammar/fs-repo.ts';
import {
  loadIntentsRepo,
  loadSlotCombinations,
  type RepoFiles,
  type SlotCombination,
} from '../../../src/hassil/grammar/intents-repo.ts';
import { HA_INTENTS_DIR } from '../../fixtures/data.ts';
import { checkExpectations, compareWithReference, type SentenceCase } from './check-sentence.ts';
import { createFakeHome, type FakeHome } from './fake-home.ts';
import { loadReference, referenceKey, type ReferenceRow } from './reference.ts';
import { createTemplateCache, renderTestResponse } from './render.ts';
import { parseTestFile, type TestFile, type TestGroup } from './test-file.ts';

/** The outcome of one language. */
export interface CompatReport {
  language: string;
  /** Test sentences run. */
  total: number;
  /** Sentences that pass the test file's own checks (what the intents repository's pytest checks). */
  passing: number;
  /** Sentences that pass and agree with Python hassil's reference on every compared field. */
  exact: number;
  /** One line per differing sentence: file, sentence and every reason. */
  differences: string[];
  /** One line per test file with templates no test sentence matched. */
  uncoveredTemplates: string[];
  /** Problems with the data: reference rows without a test sentence, test files without a combination. */
  dataProblems: string[];
  loadMs: number;
  runMs: number;
}

/** Loads the grammar of `language` from test/data/ha-intents, runs every test file, and reports. */
export function runCompat(language: string): CompatReport {
  const files = createFsRepo(HA_INTENTS_DIR);
  const started = performance.now();
  const intents = loadIntentsRepo(files, language);
  const loadMs = performance.now() - started;
  const reference = loadReference(language);
  const report: CompatReport = {
    language,
    total: 0,
    passing: 0,
    exact: 0,
    differences: [],
    uncoveredTemplates: [],
    dataProblems: [],
    loadMs,
    runMs: 0,
  };
  const seen = new Set<string>();
  const combos = [...loadSlotCombinations(files)].sort(([a], [b]) => compare(a, b));
  for (const [intent, intentCombos] of combos) {
    for (const combo of [...intentCombos].sort((a, b) => compare(a.name, b.name))) {
      const file = `tests/${language}/${intent}/${combo.name}.yaml`;
      const text = files.readText(file);
      if (text !== undefined)
        runTestFile({ intents, combo, file, test: parseTestFile(text, file), reference, report, seen });
    }
  }
  report.dataProblems.push(
    ...unknownTestFiles(files, language, combos),
    ...[...reference.keys()]
      .filter((key) => !seen.has(key))
      .map((key) => `reference row without a test sentence: ${key.replaceAll('\u0000', ' | ')}`),
  );
  report.runMs = performance.now() - started - loadMs;
  return report;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

interface FileRun {
  intents: Intents;
  combo: SlotCombination;
  file: string;
  test: TestFile;
  reference: ReadonlyMap<string, ReferenceRow>;
  report: CompatReport;
  seen: Set<string>;
}

function runTestFile(run: FileRun): void {
  const home = createFakeHome(run.test);
  const template = createTemplateCache();
  const matchedTemplates = new Set<string>();
  const occurrences = new Map<string, number>();
  for (const group of run.test.tests) {
    const expectedSlots = expectedSlotsOf(run.combo, group);
    for (const sentence of group.sentences) {
      const occurrence = occurrences.get(sentence) ?? 0;
      occurrences.set(sentence, occurrence + 1);
      const c: SentenceCase = {
        combo: run.combo,
        sentence,
        contextArea: home.contextArea,
        expectedSlots,
        expectedResponse: group.response,
        domainsByName: home.domainsByName,
      };
      const matched = runSentence(run, c, { home, group, template, occurrence });
      if (matched !== undefined) matchedTemplates.add(matched);
    }
  }
  const uncovered = templatesOf(run.intents, run.combo).filter((text) => !matchedTemplates.has(text));
  if (uncovered.length > 0)
    run.report.uncoveredTemplates.push(`${run.file}: ${uncovered.map((text) => `"${text}"`).join(', ')}`);
}

/** The test group's slots; with inferred domains the harness replaces `domain` by the set of them. */
function expectedSlotsOf(combo: SlotCombination, group: TestGroup): Record<string, unknown> {
  const slots: Record<string, unknown> = { ...group.slots };
  if (combo.inferredDomains.size > 0) slots.domain = [...combo.inferredDomains];
  return slots;
}

interface SentenceRun {
  home: FakeHome;
  group: TestGroup;
  template: ReturnType<typeof createTemplateCache>;
  occurrence: number;
}

/** Runs one sentence, records its differences, and returns the template it matched with the right combination. */
function runSentence(run: FileRun, c: SentenceCase, s: SentenceRun): string | undefined {
  const { report } = run;
  report.total++;
  const result = recognizeBest(c.sentence, run.intents, {
    slotLists: s.home.slotLists,
    intentContext: { area: c.contextArea },
    bestSlotName: 'name',
  });
  let response: string | undefined;
  const reasons: string[] = [];
  try {
    if (result !== undefined)
      response = renderTestResponse({
        intents: run.intents,
        result,
        home: s.home,
        test: run.test,
        group: s.group,
        template: s.template,
      });
  } catch (error) {
    reasons.push(`response failed: ${(error as Error).message}`);
  }
  const failures = checkExpectations(c, result, response);
  reasons.push(...failures);
  const key = referenceKey(run.file, c.sentence, s.occurrence);
  const row = run.reference.get(key);
  run.seen.add(key);
  const referenceDiffs =
    row === undefined ? ['no reference row'] : compareWithReference(row, result, response, c.contextArea);
  if (reasons.length === 0) report.passing++;
  if (reasons.length === 0 && referenceDiffs.length === 0) report.exact++;
  else
    report.differences.push(
      `${run.file}: "${c.sentence}": ${[...reasons, ...referenceDiffs.map((d) => `[vs Python] ${d}`)].join('; ')}`,
    );
  const isRightCombination =
    result !== undefined &&
    result.intent.name === c.combo.intent &&
    result.intentMetadata?.slot_combination === c.combo.name;
  return isRightCombination ? result.intentSentence.text : undefined;
}

/** Every template of the combination's blocks (what the harness expects the tests to cover). */
function templatesOf(intents: Intents, combo: SlotCombination): string[] {
  const blocks = intents.intents.get(combo.intent)?.data ?? [];
  const templates = blocks
    .filter((block) => block.metadata?.slot_combination === combo.name)
    .flatMap((block) => block.sentences.map((sentence) => sentence.text));
  return [...new Set(templates)];
}

/** Test files whose intent or combination intents.yaml does not declare (the harness would never run them). */
function unknownTestFiles(
  files: RepoFiles,
  language: string,
  combos: readonly [string, SlotCombination[]][],
): string[] {
  const known = new Set(combos.flatMap(([intent, list]) => list.map((combo) => `${intent}/${combo.name}.yaml`)));
  const problems: string[] = [];
  for (const intent of files.listDir(`tests/${language}`)) {
    for (const name of files.listDir(`tests/${language}/${intent}`)) {
      if (name.endsWith('.yaml') && !known.has(`${intent}/${name}`))
        problems.push(`test file without a slot combination in intents.yaml: tests/${language}/${intent}/${name}`);
    }
  }
  return problems;
}
