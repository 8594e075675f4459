// The adversarial suite: generated sentences that must never lead to a deterministic action or to an
// answer about another quantity, over the demo, fixture and 500-entity homes, through the app.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHarness } from '../server/app-harness.ts';
import { ask, type Answer } from './ask-app.ts';
import { ADVERSARIAL_HOMES, adversarialRows, type AdversarialRow } from './adversarial-sentences.ts';
import { firstRequest, liveContextOf, withResult } from './ha-turns.ts';

const ROWS = adversarialRows();

// Words of a temperature answer ("It is 22.4°C in the Kitchen", "20.5 degrees").
const TEMPERATURE_ANSWER = /°|degrees|temperature/iu;

describe('the adversarial suite', () => {
  it('has 390 distinct sentences in six categories over three homes', () => {
    assert.equal(ROWS.length, 390);
    assert.equal(new Set(ROWS.map((row) => `${row.home}\n${row.text}`)).size, 390);
    const count = (key: (row: AdversarialRow) => string) =>
      Object.fromEntries([...groupBy(ROWS, key)].map(([group, rows]) => [group, rows.length]));
    assert.deepEqual(
      count((row) => row.home),
      { demo: 130, fixture: 130, 'synthetic-500': 130 },
    );
    assert.deepEqual(
      count((row) => row.category),
      {
        negation: 102,
        'unknown-verb': 102,
        'measurement-word': 60,
        'wrong-unit': 36,
        'conditional-or-later': 54,
        except: 36,
      },
    );
  });
});

// One app for the whole suite: the model's record is read before and after each sentence.
const harness = createHarness();

for (const [home, rows] of groupBy(ROWS, (row) => row.home)) {
  describe(`adversarial sentences in the ${home} home`, () => {
    for (const row of rows) {
      it(`${row.category}: "${row.text}"`, async () => {
        const turns = harness.gemma.turns.length;
        const first = firstRequest(row.text, ADVERSARIAL_HOMES[home]);
        let answer = await ask(harness, first);
        const plan = answer.metrics.ha_plan as { fetch?: string; reason?: string } | undefined;
        if (row.category !== 'measurement-word' && plan?.fetch === 'GetLiveContext') {
          // A command about covers whose class the prompt does not carry reads live state before the model acts.
          assert.equal(
            plan.reason,
            'the devices are read before the model acts: their classes decide what needs a yes',
          );
          assert.equal(harness.gemma.turns.length, turns);
          answer = await ask(harness, withResult(first, answer.calls[0]!, liveContextOf(ADVERSARIAL_HOMES[home]!)));
        }
        if (row.category === 'measurement-word' && answer.metrics.ha_route?.route === 'direct') {
          await assertNotAnotherQuantity(row, answer);
          assert.equal(harness.gemma.turns.length, turns, 'a direct answer calls no model');
          return;
        }
        // The model decides, once; HA-Assist itself calls nothing.
        assert.equal(answer.metrics.ha_route?.route, 'llm', JSON.stringify(answer.metrics));
        assert.equal(harness.gemma.turns.length, turns + 1);
        assert.deepEqual(answer.calls, []);
        assert.equal(answer.content, 'ok from gemma');
        assert.equal(harness.vision.turns.length, 0);
      });
    }
  });
}

/** Rows by a key, in first-seen order (Node 20 has no `Map.groupBy`). */
function groupBy(rows: readonly AdversarialRow[], key: (row: AdversarialRow) => string): Map<string, AdversarialRow[]> {
  const groups = new Map<string, AdversarialRow[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

/**
 * A measurement question HA-Assist answers itself may only read live state first, and its answer must not
 * be a temperature: "how humid" is never answered with degrees.
 */
async function assertNotAnotherQuantity(row: AdversarialRow, answer: Answer): Promise<void> {
  const first = firstRequest(row.text, ADVERSARIAL_HOMES[row.home]);
  assert.deepEqual(
    answer.calls.map((call) => call.name),
    ['GetLiveContext'],
  );
  const read = await ask(harness, withResult(first, answer.calls[0]!, liveContextOf(ADVERSARIAL_HOMES[row.home]!)));
  assert.deepEqual(read.calls, []);
  assert.doesNotMatch(read.content ?? '', TEMPERATURE_ANSWER);
}
