// Python hassil 3.8.0's golden output per test sentence (test/data/hassil-reference/hassil-3.8.0_<lang>.jsonl.gz).

import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { dataPath } from '../../fixtures/data.ts';

/** One entity as Python returned it; `isFloat` tells 50.0 (digits) from 50 (words or a list value). */
export interface ReferenceEntity {
  name: string;
  value: unknown;
  isFloat: boolean;
  text: string;
  is_wildcard: boolean;
}

/** One line of the reference. */
export interface ReferenceRow {
  file: string;
  sentence: string;
  context_area: string;
  result: {
    intent: string;
    slot_combination: string;
    response_key: string;
    template: string;
    entities: ReferenceEntity[];
    context: Record<string, unknown>;
    text_chunks_matched: number;
    rendered_response: string;
  };
}

// JSON.parse forgets that Python wrote 50.0 rather than 50; the raw text still says so.
const NUMBER_VALUE = /"value": (-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)[,}]/g;

function parseRow(line: string): ReferenceRow {
  const row = JSON.parse(line) as ReferenceRow;
  const entitiesText = line.slice(
    line.indexOf('"entities": ['),
    line.indexOf('"context": {', line.indexOf('"entities": [')),
  );
  const numbers = [...entitiesText.matchAll(NUMBER_VALUE)].map((match) => match[1]!);
  let next = 0;
  for (const entity of row.result.entities) {
    entity.isFloat = typeof entity.value === 'number' && /[.eE]/.test(numbers[next++] ?? '');
  }
  return row;
}

/** The reference rows of a language, keyed by `file` + sentence + occurrence (a sentence may repeat in a file). */
export function loadReference(language: string): Map<string, ReferenceRow> {
  const rows = new Map<string, ReferenceRow>();
  const gzipped = readFileSync(dataPath('hassil-reference', `hassil-3.8.0_${language}.jsonl.gz`));
  const text = gunzipSync(gzipped).toString('utf8');
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const row = parseRow(line);
    let occurrence = 0;
    while (rows.has(referenceKey(row.file, row.sentence, occurrence))) occurrence++;
    rows.set(referenceKey(row.file, row.sentence, occurrence), row);
  }
  return rows;
}

/** The key of a sentence's reference row. */
export function referenceKey(file: string, sentence: string, occurrence: number): string {
  return `${file}\u0000${sentence}\u0000${occurrence}`;
}
