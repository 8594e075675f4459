// bench:retrieval — how well the generative path's retrieval keeps what a labelled sentence needs (recall@k), how
// small the compiled prompt is against the raw request (Qwen 3's own tokenizer), and how long preparing it takes.
// Usage: npm run bench:retrieval [-- --json]

import { performance } from 'node:perf_hooks';
import {
  createAssistCaches,
  createHaAssist,
  createHomeListsCache,
  createPendingConfirmations,
  createToolSchemaValidator,
  DEFAULT_ASSIST_SETTINGS,
  loadBuiltInGrammar,
} from '../src/assist/index.ts';
import { countPromptTokens } from '../src/assist/steps/budget-tokens.ts';
import { createFileTokenCounter } from '../src/backends/index.ts';
import { SILENT_LOGGER } from '../src/common/index.ts';
import { buildHaRequest } from '../src/homeassistant/request/index.ts';
import { decodeChatRequest } from '../src/openai/index.ts';
import { createCountingIds } from '../test/fakes/clock/index.ts';
import { evaluateRetrieval } from './support/retrieval-eval.ts';
import { loadRetrievalSets, type RetrievalSet } from './support/retrieval-set.ts';
import { report, summarise, wantsJson } from './support/measure.ts';

const json = wantsJson();
const k = DEFAULT_ASSIST_SETTINGS.retrieval.entities;
const tokenizer = createFileTokenCounter({ name: 'qwen3', tokenizer: 'qwen3' });
await tokenizer.load();

for (const set of [...loadRetrievalSets(), ...holdoutSets()]) await measureSet(set);

async function measureSet(set: RetrievalSet): Promise<void> {
  const outcomes = await evaluateRetrieval(set.home, set.items);
  const targets = outcomes.reduce((sum, outcome) => sum + outcome.item.targets.length, 0);
  const missed = outcomes.reduce((sum, outcome) => sum + outcome.missed.length, 0);
  const fullyKept = outcomes.filter((outcome) => outcome.missed.length === 0).length;
  const raw: number[] = [];
  const prompt: number[] = [];
  const countMs: number[] = [];
  for (const outcome of outcomes) {
    raw.push(await countPromptTokens(outcome.raw, tokenizer));
    const started = performance.now();
    prompt.push(await countPromptTokens(outcome.prompt, tokenizer));
    countMs.push(performance.now() - started);
  }
  const prep = await preparationTimes(set);
  const rawMedian = median(raw);
  const promptMedian = median(prompt);
  report(
    {
      bench: 'retrieval',
      home: set.label,
      entities: set.entities,
      sentences: set.items.length,
      k,
      recall_at_k: round(1 - missed / targets, 4),
      sentences_fully_kept: fullyKept,
      raw_tokens: rawMedian,
      prompt_tokens: promptMedian,
      prompt_tokens_max: Math.max(...prompt),
      reduction: round(rawMedian / promptMedian, 1),
      prep_median_ms: prep.median_ms,
      prep_p99_ms: prep.p99_ms,
      retrieval_median_ms: summarise(outcomes.map((outcome) => outcome.prepareMs)).median_ms,
      count_median_ms: summarise(countMs).median_ms,
      tokenizer: tokenizer.source,
    },
    json,
  );
}

/**
 * HA-Assist's preparation of each sentence, as a request would get it before the model call: understanding
 * (the home's prompt cached, as on every later round), the deterministic attempt, retrieval and the prompt
 * compiler. Three passes; the first is warm-up.
 */
async function preparationTimes(set: RetrievalSet) {
  const assist = createHaAssist({
    settings: { ...DEFAULT_ASSIST_SETTINGS, textModel: 'bench' },
    models: new Map(),
    clock: { now: () => Date.now(), monotonic: () => performance.now() },
    ids: createCountingIds(),
    caches: createAssistCaches(4),
    homeLists: createHomeListsCache(),
    confirmations: createPendingConfirmations(16),
    grammar: loadBuiltInGrammar(),
    validator: createToolSchemaValidator(),
    sleep: async () => {},
  });
  const turns = set.items.map((item) =>
    decodeChatRequest(buildHaRequest(set.home, { userText: item.text, era: '2026' })),
  );
  const samples: number[] = [];
  for (let pass = 0; pass < 3; pass++) {
    for (const turn of turns) {
      const started = performance.now();
      await assist.explain(turn, { logger: SILENT_LOGGER });
      if (pass > 0) samples.push(performance.now() - started);
    }
  }
  return summarise(samples);
}

/** The held-out sentences, when the fixtures have them. */
function holdoutSets(): RetrievalSet[] {
  try {
    return (loadRetrievalSets as (options?: { holdout: boolean }) => RetrievalSet[])({ holdout: true });
  } catch {
    return [];
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function round(value: number, digits: number): number {
  return Math.round(value * 10 ** digits) / 10 ** digits;
}
