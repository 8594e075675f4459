// Runs Home Assistant's English test sentences of the built-in intents through the built-in grammar and scores them.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createFsRepo,
  loadSlotCombinations,
  recognizeBest,
  type Intents,
  type RecognizeResult,
  type SlotCombination,
} from '../../../src/hassil/index.ts';
import { pyEquals } from '../../../src/hassil/jinja/values.ts';
import { createFakeHome, type FakeHome } from '../../hassil/compat/fake-home.ts';
import { createTemplateCache, renderTestResponse } from '../../hassil/compat/render.ts';
import { parseTestFile, type TestFile, type TestGroup } from '../../hassil/compat/test-file.ts';
import { dataPath, HA_INTENTS_DIR } from '../../fixtures/data.ts';

/** One test sentence the grammar did not cover, and why. */
export interface Uncovered {
  file: string;
  sentence: string;
  reasons: string[];
}

/** Covered and total sentences of one intent. */
export interface IntentCoverage {
  intent: string;
  covered: number;
  total: number;
}

/** The outcome of a coverage run. */
export interface CoverageReport {
  intents: IntentCoverage[];
  covered: number;
  total: number;
  uncovered: Uncovered[];
  /** Covered sentences whose response did not render (a broken template or a missing response key). */
  responseProblems: string[];
}

const TESTS_DIR = dataPath('ha-intents', 'tests', 'en');

/** Runs every test file of `intentNames` against `intents`. */
export function runCoverage(intents: Intents, intentNames: readonly string[]): CoverageReport {
  const combos = loadSlotCombinations(createFsRepo(HA_INTENTS_DIR));
  const report: CoverageReport = { intents: [], covered: 0, total: 0, uncovered: [], responseProblems: [] };
  for (const intent of intentNames) {
    const coverage: IntentCoverage = { intent, covered: 0, total: 0 };
    const dir = join(TESTS_DIR, intent);
    const files = existsSync(dir)
      ? readdirSync(dir)
          .filter((name) => name.endsWith('.yaml'))
          .sort()
      : [];
    for (const name of files) {
      const combo = combos.get(intent)?.find((c) => `${c.name}.yaml` === name);
      if (combo === undefined) throw new Error(`no slot combination for ${intent}/${name}`);
      const file = `${intent}/${name}`;
      const test = parseTestFile(readFileSync(join(dir, name), 'utf8'), file);
      runFile({ intents, combo, file, test, coverage, report });
    }
    report.intents.push(coverage);
    report.covered += coverage.covered;
    report.total += coverage.total;
  }
  return report;
}

interface FileRun {
  intents: Intents;
  combo: SlotCombination;
  file: string;
  test: TestFile;
  coverage: IntentCoverage;
  report: CoverageReport;
}

function runFile(run: FileRun): void {
  const home = createFakeHome(run.test);
  const template = createTemplateCache();
  for (const group of run.test.tests) {
    for (const sentence of group.sentences) {
      run.coverage.total++;
      const result = recognizeBest(sentence, run.intents, {
        slotLists: home.slotLists,
        intentContext: { area: home.contextArea },
        bestSlotName: 'name',
      });
      const reasons = checkSlots(run.combo, group, home, result);
      if (reasons.length > 0) {
        run.report.uncovered.push({ file: run.file, sentence, reasons });
        continue;
      }
      run.coverage.covered++;
      const problem = responseProblem(run, result!, home, group, template);
      if (problem !== undefined) run.report.responseProblems.push(`${run.file}: "${sentence}": ${problem}`);
    }
  }
}

function responseProblem(
  run: FileRun,
  result: RecognizeResult,
  home: FakeHome,
  group: TestGroup,
  template: ReturnType<typeof createTemplateCache>,
): string | undefined {
  const key = result.response ?? 'default';
  if (run.intents.responses.intents[result.intent.name]?.[key] === undefined) return `no response "${key}"`;
  try {
    renderTestResponse({ intents: run.intents, result, home, test: run.test, group, template });
    return undefined;
  } catch (error) {
    return `response "${key}" failed: ${(error as Error).message}`;
  }
}

/**
 * The slot rules of the intents repository's harness (`checkExpectations` in test/hassil/compat), without the
 * slot combination and the response: the intent, the context area, the name's or the inferred domain, the slot
 * names, and each value (equal, a member of an expected list, or a subset of it). One difference makes this
 * stricter: a test group's own `domain` is kept rather than widened to every inferred domain.
 */
export function checkSlots(
  combo: SlotCombination,
  group: TestGroup,
  home: FakeHome,
  result: RecognizeResult | undefined,
): string[] {
  if (result === undefined) return ['not recognized'];
  const template = `template "${result.intentSentence.text}" (${String(result.intentMetadata?.slot_combination)})`;
  if (result.intent.name !== combo.intent) return [`got ${result.intent.name} with ${template}`];
  const reasons: string[] = [];
  const actual = new Map(Object.entries(result.entities).map(([name, entity]) => [name, entity.value]));
  if (combo.contextArea) {
    if (actual.get('area') !== home.contextArea) reasons.push(`context area: got ${String(actual.get('area'))}`);
    actual.delete('area');
  }
  const expected: Record<string, unknown> = { ...group.slots };
  if (combo.inferredDomains.size > 0 && expected.domain === undefined) expected.domain = [...combo.inferredDomains];
  reasons.push(...checkDomains(combo, home, actual));
  const expectedNames = Object.keys(expected).sort().join(', ');
  const actualNames = [...actual.keys()].sort().join(', ');
  if (expectedNames !== actualNames) reasons.push(`slots: expected [${expectedNames}], got [${actualNames}]`);
  for (const [name, value] of actual) {
    if (name in expected && !valueMatches(value, expected[name]))
      reasons.push(`${name}: expected ${JSON.stringify(expected[name])}, got ${JSON.stringify(value)}`);
  }
  return reasons.length === 0 ? [] : [...reasons, template];
}

function checkDomains(combo: SlotCombination, home: FakeHome, actual: ReadonlyMap<string, unknown>): string[] {
  if (combo.nameDomains.size > 0) {
    const name = actual.get('name');
    const domains = typeof name === 'string' ? home.domainsByName.get(name) : undefined;
    if (domains === undefined) return [`name ${JSON.stringify(name)} is not a test entity`];
    return [...domains].some((domain) => !combo.nameDomains.has(domain))
      ? [`name ${name} has a domain outside ${[...combo.nameDomains].join(', ')}`]
      : [];
  }
  return [];
}

function valueMatches(actual: unknown, expected: unknown): boolean {
  const expectedList = Array.isArray(expected) ? expected : undefined;
  if (Array.isArray(actual)) {
    return expectedList === undefined
      ? actual.some((item) => pyEquals(item, expected))
      : actual.every((item) => expectedList.some((e) => pyEquals(item, e)));
  }
  return expectedList === undefined ? pyEquals(actual, expected) : expectedList.some((e) => pyEquals(actual, e));
}

/** The report as lines: per intent, overall, then every uncovered sentence. */
export function formatReport(report: CoverageReport): string {
  const percent = (covered: number, total: number) =>
    total === 0 ? '  n/a' : `${((100 * covered) / total).toFixed(1).padStart(5)}%`;
  const lines = report.intents.map(
    (i) =>
      `  ${i.intent.padEnd(28)} ${String(i.covered).padStart(4)}/${String(i.total).padEnd(4)} ${percent(i.covered, i.total)}`,
  );
  lines.push(
    `  ${'overall'.padEnd(28)} ${String(report.covered).padStart(4)}/${String(report.total).padEnd(4)} ${percent(report.covered, report.total)}`,
  );
  if (report.uncovered.length > 0) {
    lines.push('uncovered:');
    for (const u of report.uncovered) lines.push(`  ${u.file}: "${u.sentence}": ${u.reasons.join('; ')}`);
  }
  return ["built-in grammar coverage of Home Assistant's English test sentences:", ...lines].join('\n');
}
