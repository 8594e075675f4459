// The pure parts of `npm run bench`: figures, headline rows and the rendered summary on fixed bench output, merging
// `--only` runs with earlier results, and writing the summary between the markers of docs/BENCHMARKS.md.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  mergeRecords,
  parseBenchOutput,
  parseResults,
  renderResults,
  replaceSummary,
  storeRecords,
  SUMMARY_END,
  SUMMARY_START,
} from '../../scripts/bench-report-files.ts';
import { formatCount, formatMs, formatPercent, selectHeadlineRows } from '../../scripts/bench-report-rows.ts';
import {
  formatDuration,
  renderSummary,
  selectBenches,
  type RunInfo,
  type StoredRecord,
} from '../../scripts/bench-report-table.ts';

/** What each bench printed with `--json` (trimmed to a few lines each; real field names). */
const OUTPUT: Record<string, string> = {
  parse: [
    '{"bench":"parse","case":"500","mode":"cold","body_kb":47,"runs":2000,"median_ms":2.0923,"p90_ms":3.7613,"p99_ms":7.2532,"min_ms":1.3994}',
    '{"bench":"parse","case":"500-cached","mode":"cached","body_kb":47,"runs":8000,"median_ms":0.1729,"p90_ms":0.2581,"p99_ms":0.733,"min_ms":0.1042}',
    '{"bench":"parse","case":"2000","mode":"cold","body_kb":152,"runs":500,"median_ms":14.7466,"p90_ms":26.2918,"p99_ms":46.6757,"min_ms":6.9595}',
  ].join('\n'),
  hassil: [
    '{"bench":"hassil","language":"en","sentences":1110,"passed":1110,"load_ms":151.2,"first_pass_ms":676.3,"median_ms":0.0512,"p90_ms":0.166,"p99_ms":0.3123,"sentences_per_s":15380,"rss_mb":142}',
    '{"bench":"hassil","language":"de","sentences":3601,"passed":3600,"load_ms":84.5,"first_pass_ms":1035.1,"median_ms":0.1275,"p90_ms":0.433,"p99_ms":1.067,"sentences_per_s":6012,"rss_mb":161}',
    '{"bench":"hassil","language":"en","case":"scale-2000-names-100-areas","sentences":143,"recognised":141,"median_ms":0.07,"p90_ms":0.21,"p99_ms":1.039,"rss_mb":175}',
  ].join('\n'),
  assist: [
    '{"bench":"assist","case":"server-500-entities","route":"direct","runs":2800,"median_ms":0.6213,"p90_ms":0.91,"p99_ms":2.1634,"body_kb":47}',
    '{"bench":"assist","case":"pipeline-500-entities","route":"direct","runs":2800,"median_ms":0.2834,"p90_ms":0.42,"p99_ms":0.5312}',
    '{"bench":"assist","case":"http-round-trip","runs":1000,"median_ms":1.14,"p90_ms":1.6,"p99_ms":4.5}',
    '{"bench":"assist","case":"throughput-32-connections","workers":1,"load_generator":"undici","connections":32,"seconds":2,"requests":2500,"failed":0,"requests_per_s":1250,"median_ms":24.3,"p99_ms":61.2}',
    '{"bench":"assist","case":"throughput-32-connections","workers":2,"load_generator":"undici","connections":32,"seconds":2,"requests":4400,"failed":0,"requests_per_s":2200,"median_ms":12.1,"p99_ms":37.9}',
  ].join('\n'),
  retrieval:
    '{"bench":"retrieval","home":"holdout-500","entities":500,"sentences":81,"k":16,"recall_at_k":0.9944,"sentences_fully_kept":80,"raw_tokens":12909,"prompt_tokens":918,"prompt_tokens_max":1009,"reduction":14.1,"prep_median_ms":5.3076,"prep_p99_ms":34.483,"retrieval_median_ms":0.4418,"count_median_ms":3.2688,"tokenizer":"tokenizer.json (qwen3)"}',
  load: [
    '{"bench":"load","surface":"chat-completions","connections":16,"duration_s":5.02,"requests_per_s":1512,"p50_ms":9.6,"p99_ms":21.44,"p999_ms":40.12,"errors":0,"rss_start_mb":150.2,"rss_end_mb":158.4}',
    '{"bench":"load","surface":"ollama","connections":16,"duration_s":5.01,"requests_per_s":1320,"p50_ms":11.2,"p99_ms":30.5,"p999_ms":52.3,"errors":3,"rss_start_mb":148,"rss_end_mb":171.9}',
  ].join('\n'),
};

const MACHINE = '2 × AMD EPYC, 24 GB, Node.js v20.20.2, Linux 6.18.44 x64';
const RUN: RunInfo = {
  date: '2026-12-02T14:03:27.123Z',
  commit: 'a465a11',
  dirty: true,
  quick: true,
  machine: MACHINE,
};
const EARLIER: RunInfo = {
  date: '2026-12-01T09:15:00.000Z',
  commit: '91171e3',
  dirty: false,
  quick: false,
  machine: MACHINE,
};

/** The stored records of `names`, as one run of `run` would write them (10 s per bench). */
function stored(names: readonly string[], run: RunInfo): StoredRecord[] {
  return names.flatMap((name) => storeRecords(parseBenchOutput(OUTPUT[name]!, name).records, run, 10));
}

const ALL = ['parse', 'hassil', 'assist', 'retrieval', 'load'];

const TABLE = [
  '| bench | case | figures | reference | target / result |',
  '| --- | --- | --- | --- | --- |',
  '| `npm run bench:parse` | 500 entities, cold | median 2.1 ms · p90 3.8 ms · p99 7.3 ms · 2,000 runs | no outside reference: the 47 KB body Home Assistant 2026 sends | no target |',
  '| `npm run bench:parse` | 500 entities, cached | median 0.17 ms · p90 0.26 ms · p99 0.73 ms · 8,000 runs | the same request cold: median 2.1 ms (12× slower) | no target |',
  "| `npm run bench:hassil` | English test corpus, per sentence | median 0.051 ms · p99 0.31 ms · 15,380 sentences/s · load 151 ms | Home Assistant's expected intent and slots: 1,110 of 1,110 right | target all right, median ≤ 0.1 ms, load ≤ 300 ms: met |",
  "| `npm run bench:hassil` | German test corpus, per sentence | median 0.13 ms · p99 1.1 ms · 6,012 sentences/s · load 85 ms | Home Assistant's expected intent and slots: 3,600 of 3,601 right | target all right, median ≤ 2 ms: not met (1 wrong) |",
  '| `npm run bench:assist` | pipeline (HA-Assist, deterministic), 500 entities | median 0.28 ms · p90 0.42 ms · p99 0.53 ms · 2,800 runs | no model call is measured; the whole server in process takes 0.62 ms | no target |',
  '| `npm run bench:assist` | server in process, 500 entities | median 0.62 ms · p90 0.91 ms · p99 2.2 ms · 2,800 runs | no model call is measured; target median ≤ 1 ms, p99 ≤ 5 ms | met |',
  '| `npm run bench:assist` | throughput, 32 connections, 1 worker | 1,250 req/s · median 24 ms · p99 61 ms · 0 failed · 2 s (undici) | target ≥ 1,500 req/s at 32 connections | not met (1,250 < 1,500 req/s) |',
  '| `npm run bench:assist` | throughput, 32 connections, 2 workers | 2,200 req/s · median 12 ms · p99 38 ms · 0 failed · 2 s (undici) | target ≥ 1,500 req/s at 32 connections | met |',
  '| `npm run bench:retrieval` | holdout-500 (500 entities, 81 sentences) | recall@16 99.4 % · 80/81 sentences fully kept · prompt 918 tokens (max 1,009) · prep median 5.3 ms, p99 34 ms | the raw Home Assistant request: 12,909 tokens (Qwen 3), 14.1× the prompt | target recall ≥ 99 %, ≥ 10× smaller, ≤ 1,500 tokens: met |',
  '| `npm run bench:load` | chat-completions, 16 connections, 5 s | 1,512 req/s · p50 9.6 ms · p99 21 ms · p99.9 40 ms · 0 errors · RSS 150→158 MB (+5.5 %) | target ≥ 1,500 req/s, 0 errors, RSS growth < 10 % | met |',
  '| `npm run bench:load` | ollama, 16 connections, 5 s | 1,320 req/s · p50 11 ms · p99 31 ms · p99.9 52 ms · 3 errors · RSS 148→172 MB (+16.1 %) | target ≥ 1,500 req/s, 0 errors, RSS growth < 10 % | not met (1,320 req/s; 3 errors; RSS +16.1 %) |',
];

const INTRO = [
  '## Summary of the last run (quick run)',
  '',
  'Written by `npm run bench` (`scripts/bench-report.ts`, `-- --only NAME[,NAME]`, `-- --quick`); every line the benches printed is in `docs/bench-results.json`. Do not edit between the markers.',
  '',
  '- date: 2026-12-02 14:03 UTC',
  `- machine: ${MACHINE}`,
  '- commit: a465a11 + uncommitted changes',
];

describe('figures', () => {
  const rows: [string, (value: number) => string, number, string][] = [
    ['count', formatCount, 1512, '1,512'],
    ['count, rounded', formatCount, 1234567.6, '1,234,568'],
    ['count, small', formatCount, 16, '16'],
    ['count, missing', formatCount, Number.NaN, '?'],
    ['ms ≥ 10', formatMs, 38.4, '38'],
    ['ms ≥ 1,000', formatMs, 1234.5, '1,235'],
    ['ms ≥ 1', formatMs, 2.21, '2.2'],
    ['ms just under 10', formatMs, 9.96, '10'],
    ['ms just under 1', formatMs, 0.996, '1.0'],
    ['ms just under 0.1', formatMs, 0.0996, '0.10'],
    ['ms ≥ 0.1', formatMs, 0.6213, '0.62'],
    ['ms < 0.1', formatMs, 0.0487, '0.049'],
    ['ms 0', formatMs, 0, '0'],
    ['percent', formatPercent, 0.9944, '99.4 %'],
    ['percent, whole', formatPercent, 1, '100 %'],
    ['duration, seconds', formatDuration, 44.6, '45 s'],
    ['duration, minutes', formatDuration, 125, '2 min 5 s'],
    ['duration, hours', formatDuration, 3 * 3600 + 59 * 60 + 50, '3 h 59 min'],
  ];
  for (const [name, format, value, expected] of rows)
    it(`${name}: ${value} → ${expected}`, () => assert.equal(format(value), expected));
});

describe('selectBenches', () => {
  const names = (only: string | undefined) => selectBenches(only).map((bench) => bench.name);
  it('runs every bench in order without --only', () => assert.deepEqual(names(undefined), ALL));
  it('keeps the run order whatever order --only names them in', () =>
    assert.deepEqual(names('retrieval, bench:parse'), ['parse', 'retrieval']));
  it('gives each bench its quick arguments', () =>
    assert.deepEqual(selectBenches('load')[0]!.quickArgs, ['--duration', '5', '--connections', '16', '--warmup', '2']));
  for (const only of ['nope', 'parse,nope', '', ','])
    it(`refuses --only "${only}"`, () => assert.throws(() => selectBenches(only), /--only takes bench names/));
});

describe('parseBenchOutput', () => {
  it('keeps JSON objects, bench first, and gives back every other line', () => {
    const stdout = 'vite v8 building…\n{"case":"a","bench":"parse","runs":1}\n\n{not json\n[1,2]\n';
    const { records, otherLines } = parseBenchOutput(stdout, 'parse');
    assert.deepEqual(records, [{ bench: 'parse', case: 'a', runs: 1 }]);
    assert.deepEqual(Object.keys(records[0]!), ['bench', 'case', 'runs']);
    assert.deepEqual(otherLines, ['vite v8 building…', '{not json', '[1,2]']);
  });
});

describe('renderSummary', () => {
  it('renders the header and one row per headline case of a full run', () => {
    const benches = ALL.map((name) => ({ name, seconds: 10 }));
    const text = renderSummary(stored(ALL, RUN), { run: RUN, benches, totalSeconds: 125 });
    const times =
      '`bench:parse` 10 s, `bench:hassil` 10 s, `bench:assist` 10 s, `bench:retrieval` 10 s, `bench:load` 10 s';
    assert.equal(text, [...INTRO, `- total time: 2 min 5 s (${times})`, '', ...TABLE].join('\n'));
  });

  it('keeps the rows of benches --only left out and says where they come from', () => {
    const records = mergeRecords({
      previous: stored(['parse', 'hassil', 'assist'], EARLIER),
      current: stored(['parse', 'retrieval'], RUN),
      ran: ['parse', 'retrieval'],
      order: ALL,
    });
    const current = {
      run: RUN,
      benches: [
        { name: 'parse', seconds: 52 },
        { name: 'retrieval', seconds: 125 },
      ],
    };
    const text = renderSummary(records, { ...current, totalSeconds: 178 });
    const expected = [
      ...INTRO,
      '- total time: 2 min 58 s (`bench:parse` 52 s, `bench:retrieval` 2 min 5 s)',
      '',
      'Rows of `bench:hassil`, `bench:assist` are from an earlier run: 2026-12-01 09:15 UTC, commit 91171e3.',
      'Not measured yet: `bench:load`.',
      '',
      ...TABLE.slice(0, 11),
    ];
    assert.equal(text, expected.join('\n'));
  });

  it('says so when a bench printed none of its headline cases', () => {
    const records = parseBenchOutput('{"case":"2000","mode":"cold","runs":1}', 'parse').records;
    assert.deepEqual(selectHeadlineRows(records), [
      {
        bench: '`npm run bench:parse`',
        case: '—',
        figures: '1 line, none of them a headline case',
        reference: 'see docs/bench-results.json',
        result: '—',
      },
    ]);
  });
});

describe('docs/bench-results.json', () => {
  it('merges: the benches that ran replace their old lines, the others stay, in bench order', () => {
    const merged = mergeRecords({
      previous: stored(['parse', 'load'], EARLIER),
      current: stored(['parse'], RUN),
      ran: ['parse'],
      order: ALL,
    });
    assert.deepEqual(
      merged.map((record) => `${record.bench} ${record.run.commit}`),
      ['parse a465a11', 'parse a465a11', 'parse a465a11', 'load 91171e3', 'load 91171e3'],
    );
  });

  it('writes one record per line, each with its run, and reads it back', () => {
    const records = stored(['retrieval'], RUN);
    const text = renderResults(records);
    assert.equal(text.split('\n').length, 4);
    assert.ok(text.startsWith('[\n  {"bench":"retrieval","home":"holdout-500",'));
    assert.ok(text.includes(`"run":{"date":"2026-12-02T14:03:27.123Z","commit":"a465a11","dirty":true,"quick":true`));
    assert.deepEqual(parseResults(text), records);
    assert.equal(renderResults([]), '[]\n');
  });

  for (const text of ['{}', '[{"bench":"parse"}]', '[{"run":{"date":"x"}}]'])
    it(`refuses ${text}`, () => assert.throws(() => parseResults(text), /docs\/bench-results\.json/));
});

describe('replaceSummary', () => {
  const DOC = [
    '# Benchmarks',
    '',
    'Every bench is an npm script.  ',
    '',
    'Machine for the figures below: 2 vCPU.',
    '',
    '## bench:parse — validating',
    '',
    '| a | b |',
    '## later',
    'no newline at the end',
  ].join('\n');

  it('inserts the markers and the block after the intro paragraphs, before the first section', () => {
    const doc = replaceSummary(DOC, 'BLOCK\nLINE 2');
    const section = `${SUMMARY_START}\nBLOCK\nLINE 2\n${SUMMARY_END}\n\n`;
    const at = DOC.indexOf('## bench:parse');
    assert.equal(doc, DOC.slice(0, at) + section + DOC.slice(at));
    assert.equal(doc.replace(section, ''), DOC);
  });

  it('replaces only what is between the markers, every other byte unchanged', () => {
    const doc = `${DOC.slice(0, 40)}${SUMMARY_START}\nold\r\nsummary\n${SUMMARY_END}\r\n${DOC.slice(40)}`;
    const replaced = replaceSummary(doc, 'new');
    assert.equal(replaced, `${DOC.slice(0, 40)}${SUMMARY_START}\nnew\n${SUMMARY_END}\r\n${DOC.slice(40)}`);
    assert.equal(replaceSummary(replaced, 'new'), replaced);
    assert.equal(replaceSummary(replaceSummary(DOC, 'a'), 'b'), replaceSummary(DOC, 'b'));
  });

  it('appends at the end when the file has no section heading', () => {
    assert.equal(replaceSummary('# T\n\ntext', 'B'), `# T\n\ntext\n\n${SUMMARY_START}\nB\n${SUMMARY_END}\n`);
    assert.equal(replaceSummary('', 'B'), `${SUMMARY_START}\nB\n${SUMMARY_END}\n`);
  });

  const broken: [string, string][] = [
    ['only the start marker', `${DOC}\n${SUMMARY_START}\n`],
    ['only the end marker', `${SUMMARY_END}\n${DOC}`],
    ['the markers out of order', `${SUMMARY_END}\n${SUMMARY_START}\n${DOC}`],
    ['a marker twice', `${SUMMARY_START}\n${SUMMARY_END}\n${SUMMARY_START}\n${SUMMARY_END}\n${DOC}`],
  ];
  for (const [name, doc] of broken)
    it(`refuses ${name}`, () => assert.throws(() => replaceSummary(doc, 'x'), /must each appear once/));
});
