// The compatibility suite of one language: every test sentence against its test file and Python hassil.

import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { runCompat, type CompatReport } from './run-compat.ts';

/** Registers the suite for `language` (`expected` is the number of test sentences). */
export function describeCompat(language: string, expected: number): void {
  describe(`hassil compatibility: ${language}`, () => {
    let report: CompatReport;

    before(() => {
      report = runCompat(language);
      // The summary line is the suite's output; it is printed even when the comparison fails.
      console.log(
        `hassil compat ${language}: ${report.exact}/${report.total} exact, ${report.passing}/${report.total} pass the test files (load ${report.loadMs.toFixed(0)} ms, run ${report.runMs.toFixed(0)} ms)`,
      );
    });

    it(`runs all ${expected} test sentences and finds a reference row for each`, () => {
      assert.equal(report.total, expected);
      assert.deepEqual(report.dataProblems, []);
    });

    it('matches every sentence as Python hassil 3.8.0 does', () => {
      assert.ok(
        report.differences.length === 0,
        `${report.differences.length} of ${report.total} sentences differ:\n${report.differences.join('\n')}`,
      );
    });

    it('matches every template of a sentence file with at least one test sentence', () => {
      assert.ok(
        report.uncoveredTemplates.length === 0,
        `templates no test sentence matched:\n${report.uncoveredTemplates.join('\n')}`,
      );
    });
  });
}
