// Checks the labelled retrieval set and its held-out set: every target exists in its home, target counts, unique
// texts, size and kinds, and no held-out sentence repeats one of the tuning set.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadRetrievalSets, RETRIEVAL_KINDS, type RetrievalSet } from '../../bench/support/retrieval-set.ts';

/** How large a set and each of its kinds must be. */
interface SizeLimits {
  minItems: number;
  minPerKind: number;
}

/** The tuning set's sizes. */
const TUNING_LIMITS: SizeLimits = { minItems: 120, minPerKind: 10 };
/** The held-out set's sizes: smaller, written to measure generalisation rather than to tune on. */
const HOLDOUT_LIMITS: SizeLimits = { minItems: 60, minPerKind: 6 };
const MAX_TARGETS = 6;

/** A text as the uniqueness checks compare it. */
function textKey(text: string): string {
  return text.trim().toLowerCase();
}

/** Everything wrong with one home's set, one line per problem; empty when the set is valid. */
function findProblems(set: RetrievalSet, { minItems, minPerKind }: SizeLimits = TUNING_LIMITS): string[] {
  const problems: string[] = [];
  const ids = new Set(set.home.entities.map((entity) => entity.entityId));
  const kinds = new Set<string>(RETRIEVAL_KINDS);
  const seen = new Set<string>();
  if (set.items.length < minItems) problems.push(`${set.label}: ${set.items.length} items, want at least ${minItems}`);
  set.items.forEach((item, index) => {
    const where = `${set.label}[${index}] "${item.text}"`;
    const key = textKey(item.text);
    if (seen.has(key)) problems.push(`${where}: text repeated`);
    seen.add(key);
    if (item.targets.length < 1 || item.targets.length > MAX_TARGETS)
      problems.push(`${where}: ${item.targets.length} targets, want 1–${MAX_TARGETS}`);
    if (new Set(item.targets).size !== item.targets.length) problems.push(`${where}: a target is listed twice`);
    for (const target of item.targets) if (!ids.has(target)) problems.push(`${where}: no entity ${target} in the home`);
    if (!kinds.has(item.kind)) problems.push(`${where}: unknown kind ${item.kind}`);
  });
  for (const kind of RETRIEVAL_KINDS) {
    const count = set.items.filter((item) => item.kind === kind).length;
    if (count < minPerKind) problems.push(`${set.label}: ${count} items of kind ${kind}, want at least ${minPerKind}`);
  }
  return problems;
}

describe('retrieval set', () => {
  const sets = loadRetrievalSets();
  const holdouts = loadRetrievalSets({ holdout: true });

  it('has the 500- and 2,000-entity homes at their sizes, with three garden devices added to each', () => {
    assert.deepEqual(
      sets.map((set) => [set.label, set.entities, set.home.entities.length]),
      [
        ['home-500', 500, 503],
        ['home-2000', 2000, 2003],
      ],
    );
  });

  for (const set of sets) {
    it(`${set.label}: every item is valid and every kind is covered`, () => {
      assert.deepEqual(findProblems(set), []);
    });
  }

  it('has the held-out sentences over the same homes', () => {
    assert.deepEqual(
      holdouts.map((set) => [set.label, set.entities, set.home.entities.length]),
      [
        ['holdout-500', 500, 503],
        ['holdout-2000', 2000, 2003],
      ],
    );
  });

  for (const set of holdouts) {
    it(`${set.label}: every item is valid and every kind is covered`, () => {
      assert.deepEqual(findProblems(set, HOLDOUT_LIMITS), []);
    });
  }

  it('repeats no sentence of the tuning set in the held-out set', () => {
    const tuning = new Set(sets.flatMap((set) => set.items.map((item) => textKey(item.text))));
    const repeated = holdouts.flatMap((set) =>
      set.items.filter((item) => tuning.has(textKey(item.text))).map((item) => `${set.label}: "${item.text}"`),
    );
    assert.deepEqual(repeated, []);
  });

  it('reports a missing entity, a bad target count, a repeated text, an unknown kind and a thin kind', () => {
    const [set] = sets;
    assert.ok(set);
    const first = set.items[0]!;
    const broken: RetrievalSet = {
      ...set,
      items: [
        ...set.items.filter((item) => item.kind !== 'alias').slice(1),
        { ...first, targets: ['light.no_such_lamp'] },
        { ...first, text: first.text.toUpperCase(), targets: [] },
        {
          text: 'turn everything off',
          targets: first.targets.concat(first.targets, first.targets, first.targets),
          kind: 'whole_house',
        },
      ],
    };
    const problems = findProblems(broken);
    assert.ok(
      problems.some((problem) => problem.includes('no entity light.no_such_lamp')),
      problems.join('\n'),
    );
    assert.ok(
      problems.some((problem) => problem.includes('0 targets')),
      problems.join('\n'),
    );
    assert.ok(
      problems.some((problem) => problem.includes('text repeated')),
      problems.join('\n'),
    );
    assert.ok(
      problems.some((problem) => problem.includes('unknown kind whole_house')),
      problems.join('\n'),
    );
    assert.ok(
      problems.some((problem) => problem.includes('a target is listed twice')),
      problems.join('\n'),
    );
    assert.ok(
      problems.some((problem) => problem.includes('0 items of kind alias')),
      problems.join('\n'),
    );
  });

  it('reports a set that is too small', () => {
    const [set] = sets;
    assert.ok(set);
    assert.ok(
      findProblems({ ...set, items: set.items.slice(0, 10) }).some((problem) => problem.includes('want at least 120')),
    );
    assert.ok(
      findProblems({ ...set, items: set.items.slice(0, 10) }, HOLDOUT_LIMITS).some((problem) =>
        problem.includes('want at least 60'),
      ),
    );
  });
});
