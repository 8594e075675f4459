// The headline rows of the benchmark summary (pure): which case of each bench matters, its compact figures, what
// it is compared with, and whether its target is met.

/** One line a bench printed with `--json`, its bench's name first. */
export interface BenchRecord {
  bench: string;
  [field: string]: unknown;
}

/** One row of the summary table. */
export interface SummaryRow {
  bench: string;
  case: string;
  figures: string;
  reference: string;
  result: string;
}

// Targets as docs/BENCHMARKS.md states them (hassil, assist, retrieval) and as bench/load.bench.ts checks them.
const HASSIL_MEDIAN_MS: Record<string, number> = { en: 0.1, de: 2 };
const HASSIL_EN_LOAD_MS = 300;
const SERVER_MEDIAN_MS = 1;
const SERVER_P99_MS = 5;
const REQUESTS_PER_S = 1500;
const RECALL = 0.99;
const PROMPT_REDUCTION = 10;
const PROMPT_MAX_TOKENS = 1500;
const RSS_GROWTH = 0.1;

/** A whole number with thousands separators: 1512 → "1,512". */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return '?';
  return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Milliseconds with the digits that matter: 38.4 → "38", 2.21 → "2.2", 0.62 → "0.62", 0.0487 → "0.049". */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return '?';
  // The bounds are where rounding would carry into the next form (9.96 is "10", not "10.0").
  if (ms >= 9.95) return formatCount(ms);
  if (ms >= 0.995) return ms.toFixed(1);
  if (ms >= 0.0995) return ms.toFixed(2);
  return ms === 0 ? '0' : ms.toPrecision(2);
}

/** A share as a percentage with one decimal, without a trailing ".0": 0.9944 → "99.4 %", 1 → "100 %". */
export function formatPercent(share: number): string {
  if (!Number.isFinite(share)) return '?';
  return `${(share * 100).toFixed(1).replace(/\.0$/, '')} %`;
}

const num = (record: BenchRecord, field: string): number => {
  const value = record[field];
  return typeof value === 'number' ? value : Number.NaN;
};
const ms = (record: BenchRecord, field: string) => `${formatMs(num(record, field))} ms`;

/** "met", or "not met (…)" naming every check that failed; NaN (a missing field) fails. */
function verdict(checks: readonly { ok: boolean; miss: string }[]): string {
  const misses = checks.filter((check) => !check.ok).map((check) => check.miss);
  return misses.length === 0 ? 'met' : `not met (${misses.join('; ')})`;
}

/** How one headline case is found among a bench's records and turned into a row. */
interface Headline {
  bench: string;
  matches(record: BenchRecord): boolean;
  row(record: BenchRecord, all: readonly BenchRecord[]): Omit<SummaryRow, 'bench'>;
}

const timing = (record: BenchRecord) =>
  `median ${ms(record, 'median_ms')} · p90 ${ms(record, 'p90_ms')} · p99 ${ms(record, 'p99_ms')} · ` +
  `${formatCount(num(record, 'runs'))} runs`;

function parseRow(size: string, mode: 'cold' | 'cached'): Headline {
  const caseName = mode === 'cold' ? size : `${size}-cached`;
  return {
    bench: 'parse',
    matches: (r) => r.case === caseName && r.mode === mode,
    row: (r, all) => {
      const cold = all.find((other) => other.bench === 'parse' && other.case === size && other.mode === 'cold');
      const reference =
        mode === 'cold' || cold === undefined
          ? `no outside reference: the ${formatCount(num(r, 'body_kb'))} KB body Home Assistant 2026 sends`
          : `the same request cold: median ${ms(cold, 'median_ms')} ` +
            `(${(num(cold, 'median_ms') / num(r, 'median_ms')).toFixed(0)}× slower)`;
      return {
        case: `${formatCount(Number(size))} entities, ${mode}`,
        figures: timing(r),
        reference,
        result: 'no target',
      };
    },
  };
}

function hassilRow(language: 'en' | 'de'): Headline {
  const name = language === 'en' ? 'English' : 'German';
  return {
    bench: 'hassil',
    matches: (r) => r.language === language && r.case === undefined,
    row: (r) => {
      const sentences = num(r, 'sentences');
      const passed = num(r, 'passed');
      const checks = [
        { ok: passed === sentences, miss: `${formatCount(sentences - passed)} wrong` },
        {
          ok: num(r, 'median_ms') <= HASSIL_MEDIAN_MS[language]!,
          miss: `median ${ms(r, 'median_ms')} > ${HASSIL_MEDIAN_MS[language]} ms`,
        },
      ];
      if (language === 'en')
        checks.push({ ok: num(r, 'load_ms') <= HASSIL_EN_LOAD_MS, miss: `load ${ms(r, 'load_ms')} > 300 ms` });
      return {
        case: `${name} test corpus, per sentence`,
        figures:
          `median ${ms(r, 'median_ms')} · p99 ${ms(r, 'p99_ms')} · ` +
          `${formatCount(num(r, 'sentences_per_s'))} sentences/s · load ${ms(r, 'load_ms')}`,
        // Python hassil's speed is not a reference here: it was never measured beside this engine in one run.
        reference: `Home Assistant's expected intent and slots: ${formatCount(passed)} of ${formatCount(sentences)} right`,
        result:
          `target all right, median ≤ ${HASSIL_MEDIAN_MS[language]} ms` +
          `${language === 'en' ? ', load ≤ 300 ms' : ''}: ${verdict(checks)}`,
      };
    },
  };
}

function assistTimedRow(kind: 'pipeline' | 'server'): Headline {
  return {
    bench: 'assist',
    matches: (r) => r.case === `${kind}-500-entities`,
    row: (r, all) => {
      const server = all.find((other) => other.bench === 'assist' && other.case === 'server-500-entities');
      if (kind === 'pipeline')
        return {
          case: 'pipeline (HA-Assist, deterministic), 500 entities',
          figures: timing(r),
          reference: `no model call is measured; the whole server in process takes ${server ? ms(server, 'median_ms') : '?'}`,
          result: 'no target',
        };
      const checks = [
        { ok: num(r, 'median_ms') <= SERVER_MEDIAN_MS, miss: `median ${ms(r, 'median_ms')} > 1 ms` },
        { ok: num(r, 'p99_ms') <= SERVER_P99_MS, miss: `p99 ${ms(r, 'p99_ms')} > 5 ms` },
      ];
      return {
        case: 'server in process, 500 entities',
        figures: timing(r),
        reference: 'no model call is measured; target median ≤ 1 ms, p99 ≤ 5 ms',
        result: verdict(checks),
      };
    },
  };
}

function assistThroughputRow(workers: number): Headline {
  return {
    bench: 'assist',
    matches: (r) => r.case === 'throughput-32-connections' && r.workers === workers,
    row: (r) => ({
      case: `throughput, 32 connections, ${workers} worker${workers === 1 ? '' : 's'}`,
      figures:
        `${formatCount(num(r, 'requests_per_s'))} req/s · median ${ms(r, 'median_ms')} · p99 ${ms(r, 'p99_ms')} · ` +
        `${formatCount(num(r, 'failed'))} failed · ${String(r.seconds)} s (${String(r.load_generator)})`,
      reference: `target ≥ ${formatCount(REQUESTS_PER_S)} req/s at 32 connections`,
      result: verdict([
        {
          ok: num(r, 'requests_per_s') >= REQUESTS_PER_S,
          miss: `${formatCount(num(r, 'requests_per_s'))} < ${formatCount(REQUESTS_PER_S)} req/s`,
        },
      ]),
    }),
  };
}

function retrievalRow(home: string): Headline {
  return {
    bench: 'retrieval',
    matches: (r) => r.home === home,
    row: (r) => ({
      case: `${home} (${formatCount(num(r, 'entities'))} entities, ${formatCount(num(r, 'sentences'))} sentences)`,
      figures:
        `recall@${String(r.k)} ${formatPercent(num(r, 'recall_at_k'))} · ` +
        `${formatCount(num(r, 'sentences_fully_kept'))}/${formatCount(num(r, 'sentences'))} sentences fully kept · ` +
        `prompt ${formatCount(num(r, 'prompt_tokens'))} tokens (max ${formatCount(num(r, 'prompt_tokens_max'))}) · ` +
        `prep median ${ms(r, 'prep_median_ms')}, p99 ${ms(r, 'prep_p99_ms')}`,
      reference:
        `the raw Home Assistant request: ${formatCount(num(r, 'raw_tokens'))} tokens (Qwen 3), ` +
        `${String(r.reduction)}× the prompt`,
      result:
        'target recall ≥ 99 %, ≥ 10× smaller, ≤ 1,500 tokens: ' +
        verdict([
          { ok: num(r, 'recall_at_k') >= RECALL, miss: `recall ${formatPercent(num(r, 'recall_at_k'))}` },
          { ok: num(r, 'reduction') >= PROMPT_REDUCTION, miss: `${String(r.reduction)}× smaller` },
          {
            ok: num(r, 'prompt_tokens_max') <= PROMPT_MAX_TOKENS,
            miss: `${formatCount(num(r, 'prompt_tokens_max'))} tokens`,
          },
        ]),
    }),
  };
}

function loadRow(surface: string): Headline {
  return {
    bench: 'load',
    matches: (r) => r.surface === surface,
    row: (r) => {
      const growth = num(r, 'rss_end_mb') / num(r, 'rss_start_mb') - 1;
      const signed = `${growth >= 0 ? '+' : '−'}${formatPercent(Math.abs(growth))}`;
      return {
        case: `${surface}, ${formatCount(num(r, 'connections'))} connections, ${formatCount(num(r, 'duration_s'))} s`,
        figures:
          `${formatCount(num(r, 'requests_per_s'))} req/s · p50 ${ms(r, 'p50_ms')} · p99 ${ms(r, 'p99_ms')} · ` +
          `p99.9 ${ms(r, 'p999_ms')} · ${formatCount(num(r, 'errors'))} errors · ` +
          `RSS ${formatCount(num(r, 'rss_start_mb'))}→${formatCount(num(r, 'rss_end_mb'))} MB (${signed})`,
        reference: `target ≥ ${formatCount(REQUESTS_PER_S)} req/s, 0 errors, RSS growth < 10 %`,
        result: verdict([
          {
            ok: num(r, 'requests_per_s') >= REQUESTS_PER_S,
            miss: `${formatCount(num(r, 'requests_per_s'))} req/s`,
          },
          { ok: num(r, 'errors') === 0, miss: `${formatCount(num(r, 'errors'))} errors` },
          { ok: growth < RSS_GROWTH, miss: `RSS ${signed}` },
        ]),
      };
    },
  };
}

/** The cases that matter, in table order; a case a bench did not print (wrk's, a missing set) is left out. */
const HEADLINES: readonly Headline[] = [
  parseRow('500', 'cold'),
  parseRow('500', 'cached'),
  hassilRow('en'),
  hassilRow('de'),
  assistTimedRow('pipeline'),
  assistTimedRow('server'),
  assistThroughputRow(1),
  assistThroughputRow(2),
  retrievalRow('home-500'),
  retrievalRow('home-2000'),
  retrievalRow('holdout-500'),
  retrievalRow('holdout-2000'),
  loadRow('chat-completions'),
  loadRow('ollama'),
];

/**
 * The table's rows for `records`: each headline case found, benches in the order of their first record; a bench with
 * none of its headline cases gets one row saying so.
 */
export function selectHeadlineRows(records: readonly BenchRecord[]): SummaryRow[] {
  const rows: SummaryRow[] = [];
  for (const name of new Set(records.map((record) => record.bench))) {
    const own = records.filter((record) => record.bench === name);
    if (own.length === 0) continue;
    const bench = `\`npm run bench:${name}\``;
    const before = rows.length;
    for (const headline of HEADLINES.filter((h) => h.bench === name)) {
      const record = own.find((r) => headline.matches(r));
      if (record !== undefined) rows.push({ bench, ...headline.row(record, records) });
    }
    if (rows.length === before) {
      const figures = `${own.length} line${own.length === 1 ? '' : 's'}, none of them a headline case`;
      rows.push({ bench, case: '—', figures, reference: 'see docs/bench-results.json', result: '—' });
    }
  }
  return rows;
}
