// How much of Home Assistant's English test sentences the built-in grammar covers, with the same slots.

import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { BUILT_IN_INTENTS, loadBuiltInGrammar } from '../../../src/assist/grammar/index.ts';
import { formatReport, runCoverage, type CoverageReport } from './coverage-run.ts';

/**
 * Home Assistant's English test sentences of the built-in intents, and how many come out with the expected intent
 * and slots: every one. A change that loses one, or a new test file, changes the figure on purpose.
 */
const EXPECTED = { covered: 1105, total: 1105 };

describe("built-in grammar: coverage of Home Assistant's English tests", () => {
  let report: CoverageReport;

  before(() => {
    report = runCoverage(loadBuiltInGrammar(), BUILT_IN_INTENTS);
    // The summary is this suite's output; it is printed whether or not the assertions pass.
    console.log(formatReport(report));
  });

  it(`recognizes ${EXPECTED.covered} of the ${EXPECTED.total} sentences with the expected intent and slots`, () => {
    assert.deepEqual({ covered: report.covered, total: report.total }, EXPECTED);
  });

  it('renders a response for every covered sentence', () => {
    assert.deepEqual(report.responseProblems, []);
  });
});
