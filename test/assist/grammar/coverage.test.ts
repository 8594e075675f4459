// How much of Home Assistant's English test sentences the built-in grammar covers, with the same slots.

import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { BUILT_IN_INTENTS, loadBuiltInGrammar } from '../../../src/assist/grammar/index.ts';
import { formatReport, runCoverage, type CoverageReport } from './coverage-run.ts';

/** The share of test sentences that must come out with the expected intent and slots. */
const REQUIRED_COVERAGE = 0.9;

describe("built-in grammar: coverage of Home Assistant's English tests", () => {
  let report: CoverageReport;

  before(() => {
    report = runCoverage(loadBuiltInGrammar(), BUILT_IN_INTENTS);
    // The summary is this suite's output; it is printed whether or not the assertions pass.
    console.log(formatReport(report));
  });

  it(`recognizes at least ${REQUIRED_COVERAGE * 100} % of the sentences with the expected intent and slots`, () => {
    assert.ok(report.total > 0, 'no test sentences found');
    assert.ok(report.covered / report.total >= REQUIRED_COVERAGE, `${report.covered}/${report.total} covered`);
  });

  it('renders a response for every covered sentence', () => {
    assert.deepEqual(report.responseProblems, []);
  });
});
