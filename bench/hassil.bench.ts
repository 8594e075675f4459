// bench:hassil — grammar load time and per-sentence recognition time on Home Assistant's own test corpus,
// as the intents repository's harness runs it (each test file's fake home and context area), plus a
// scale run on a home of 2,000 entity names and 100 areas, and the memory one loaded language costs.
// Usage: npm run bench:hassil [-- --json] [-- --rounds N]

import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  createFsRepo,
  createTextSlotList,
  createTextValue,
  loadIntentsRepo,
  loadSlotCombinations,
  recognizeBest,
  textSlotListFromStrings,
  type Intents,
  type RecognizeBestOptions,
} from '../src/hassil/index.ts';
import { generateHome } from '../test/fixtures/homes/index.ts';
import { HA_INTENTS_DIR } from '../test/fixtures/data.ts';
import { createFakeHome } from '../test/hassil/compat/fake-home.ts';
import { parseTestFile } from '../test/hassil/compat/test-file.ts';
import { report, summarise, wantsJson } from './support/measure.ts';

interface Case {
  sentence: string;
  options: RecognizeBestOptions;
  intent: string;
  combination: string;
}

const json = wantsJson();
const MEMORY_FLAG = '--memory-of';
const memoryOf = process.argv.indexOf(MEMORY_FLAG);
const roundsAt = process.argv.indexOf('--rounds');
const ROUNDS = roundsAt > 0 ? Number(process.argv[roundsAt + 1]) : 3;
/** Grammars loaded side by side to measure what one costs (the average evens out the collector's noise). */
const MEMORY_COPIES = 4;

if (memoryOf > 0) measureMemory(process.argv[memoryOf + 1]!);
else run();

function run(): void {
  for (const language of ['en', 'de']) {
    const files = createFsRepo(HA_INTENTS_DIR);
    const loadStarted = performance.now();
    const intents = loadIntentsRepo(files, language);
    const loadMs = performance.now() - loadStarted;
    const cases = corpus(language);
    const firstStarted = performance.now();
    const passed = cases.filter((c) => isRight(intents, c)).length;
    const firstPassMs = performance.now() - firstStarted;
    const samples = time(intents, cases, ROUNDS);
    const total = samples.reduce((sum, ms) => sum + ms, 0);
    report(
      {
        bench: 'hassil',
        language,
        sentences: cases.length,
        passed,
        load_ms: round(loadMs),
        first_pass_ms: round(firstPassMs),
        ...pick(summarise(samples)),
        sentences_per_s: Math.round(samples.length / (total / 1000)),
        rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
      },
      json,
    );
  }
  scaleRun();
  for (const language of ['en', 'de']) memoryRun(language);
}

/** Every test sentence of the language with its test file's home and context area. */
function corpus(language: string): Case[] {
  const files = createFsRepo(HA_INTENTS_DIR);
  const cases: Case[] = [];
  for (const [intent, combos] of loadSlotCombinations(files)) {
    for (const combo of combos) {
      const file = `tests/${language}/${intent}/${combo.name}.yaml`;
      const text = files.readText(file);
      if (text === undefined) continue;
      const testFile = parseTestFile(text, file);
      const home = createFakeHome(testFile);
      const options = { slotLists: home.slotLists, intentContext: { area: home.contextArea }, bestSlotName: 'name' };
      for (const group of testFile.tests) {
        for (const sentence of group.sentences) cases.push({ sentence, options, intent, combination: combo.name });
      }
    }
  }
  return cases;
}

function isRight(intents: Intents, c: Case): boolean {
  const result = recognizeBest(c.sentence, intents, c.options);
  return result?.intent.name === c.intent && result.intentMetadata?.slot_combination === c.combination;
}

/** Per-sentence times over `rounds` passes (the first pass above warmed up caches and the JIT). */
function time(intents: Intents, cases: readonly Case[], rounds: number): number[] {
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const c of cases) {
      const started = performance.now();
      recognizeBest(c.sentence, intents, c.options);
      samples.push(performance.now() - started);
    }
  }
  return samples;
}

/** English commands against a synthetic home of 2,000 entity names in 100 areas. */
function scaleRun(): void {
  const intents = loadIntentsRepo(createFsRepo(HA_INTENTS_DIR), 'en');
  const home = generateHome({ entities: 2000, areas: 100, seed: 11 });
  const name = createTextSlotList(
    'name',
    home.entities.flatMap((entity) =>
      [entity.name, ...entity.aliases].map((text) =>
        createTextValue(text, text, { allowTemplate: false, context: { domain: entity.domain } }),
      ),
    ),
  );
  const area = textSlotListFromStrings(
    'area',
    home.areas.flatMap((a) => [a.name, ...a.aliases]),
    false,
  );
  const floor = textSlotListFromStrings('floor', [], false);
  const options = {
    slotLists: { name, area, floor },
    intentContext: { area: '__context_area__' },
    bestSlotName: 'name',
  };
  const lights = home.entities.filter((entity) => entity.domain === 'light').slice(0, 40);
  const sentences = [
    ...lights.map((light) => `turn on the ${light.name}`),
    ...lights.map((light) => `set ${light.name} to 40%`),
    ...home.areas.slice(0, 40).map((a) => `turn off the lights in the ${a.name}`),
    ...home.areas.slice(0, 20).map((a) => `what is the temperature in the ${a.name}`),
    'what time is it',
    'what is the capital of France',
    'make the living room more comfortable',
  ];
  const cases = sentences.map((sentence) => ({ sentence, options, intent: '', combination: '' }));
  const recognised = cases.filter((c) => recognizeBest(c.sentence, intents, c.options) !== undefined).length;
  const samples = time(intents, cases, ROUNDS);
  report(
    {
      bench: 'hassil',
      language: 'en',
      case: 'scale-2000-names-100-areas',
      sentences: cases.length,
      recognised,
      ...pick(summarise(samples)),
      rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
    },
    json,
  );
}

/**
 * What one loaded language costs, measured in a fresh process per language: the process's RSS before loading and
 * after loading the grammar and recognising one sentence (the engine's code compiled, the first-use indexes built);
 * and the heap one grammar keeps, averaged over copies loaded after that first one, right after loading and after
 * each copy's first recognition (the template index, number words, patterns), with a test home's lists.
 */
function memoryRun(language: string): void {
  const child = spawnSync(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), MEMORY_FLAG, language],
    {
      encoding: 'utf8',
    },
  );
  if (child.status !== 0) throw new Error(`the memory run for ${language} failed: ${child.stderr}`);
  report(JSON.parse(child.stdout) as Record<string, unknown>, json);
}

/** The memory run itself, in the child process: prints one JSON record. */
function measureMemory(language: string): void {
  const gc = exposeGc();
  const mb = (bytes: number) => bytes / 1048576;
  const heapMb = () => {
    // Several passes: one full collection may leave what the next one frees.
    for (let i = 0; i < 4; i++) gc();
    return mb(process.memoryUsage().heapUsed);
  };
  const files = createFsRepo(HA_INTENTS_DIR);
  const [sample] = corpus(language);
  const first = (intents: Intents) => {
    if (sample !== undefined) recognizeBest(sample.sentence, intents, sample.options);
  };
  heapMb();
  const rssBefore = mb(process.memoryUsage().rss);
  first(loadIntentsRepo(files, language));
  heapMb();
  const rssAfter = mb(process.memoryUsage().rss);
  const before = heapMb();
  const copies = Array.from({ length: MEMORY_COPIES }, () => loadIntentsRepo(files, language));
  const loaded = heapMb();
  copies.forEach(first);
  const used = heapMb();
  const record = {
    bench: 'hassil',
    language,
    case: 'memory',
    rss_before_mb: round(rssBefore),
    rss_loaded_mb: round(rssAfter),
    grammar_heap_mb: round((loaded - before) / copies.length),
    after_first_recognition_heap_mb: round((used - before) / copies.length),
  };
  console.log(JSON.stringify(record));
}

/** The collector, exposed at run time (the npm script starts Node without `--expose-gc`). */
function exposeGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

function pick(timing: ReturnType<typeof summarise>) {
  return { median_ms: timing.median_ms, p90_ms: timing.p90_ms, p99_ms: timing.p99_ms };
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
