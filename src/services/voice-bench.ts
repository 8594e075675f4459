// `hearth voice bench FILE`: each line through the pipeline from the intent stage, then per-stage timing and answers.

import { readFile } from 'node:fs/promises';
import { type HomeAssistantConnection, runPipeline } from '../homeassistant/index.ts';
import { stageTimings, summarize, type TimedEvent } from './voice-timings.ts';

/** Where the bench writes, and its clock. */
export interface BenchIo {
  print: (text: string) => void;
  /** Progress (the bar) goes here, never to stdout. */
  progress: (text: string) => void;
  /** A monotonic clock (ms). */
  now: () => number;
}

/** One sentence's outcome. */
interface BenchRow {
  sentence: string;
  answer: string;
  timings: Record<string, number>;
}

/** The sentences of a bench file (blank lines and `#` comments left out), or why it cannot be read. */
export async function readBenchSentences(file: string): Promise<{ sentences: string[] } | { usage: string }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    return { usage: `cannot read ${file}: ${code === 'ENOENT' ? 'there is no such file' : String(code)}.` };
  }
  const sentences = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  return { sentences };
}

/** Runs the bench; exit 0 when every run ended without an error, else 2. */
export async function runVoiceBench(options: {
  connection: HomeAssistantConnection;
  sentences: readonly string[];
  pipeline?: string | undefined;
  isJson: boolean;
  io: BenchIo;
}): Promise<number> {
  const { io, sentences } = options;
  const rows: BenchRow[] = [];
  let failed = 0;
  for (const [index, sentence] of sentences.entries()) {
    io.progress(progressBar(index, sentences.length));
    const events: TimedEvent[] = [];
    const run = runPipeline(
      options.connection,
      {
        startStage: 'intent',
        endStage: 'intent',
        input: { text: sentence },
        ...(options.pipeline === undefined ? {} : { pipeline: options.pipeline }),
      },
      { onEvent: (event) => events.push({ type: event.type, at: io.now() }) },
    );
    const result = await run.done;
    if (result.kind !== 'finished') failed++;
    const answer =
      result.kind === 'finished'
        ? (result.speech ?? '')
        : result.kind === 'pipeline-error'
          ? `error ${result.code}`
          : result.kind;
    rows.push({ sentence, answer, timings: stageTimings(events) });
  }
  io.progress(`${progressBar(sentences.length, sentences.length)}\n`);
  const stages = [...new Set(rows.flatMap((row) => Object.keys(row.timings)))];
  const summary = Object.fromEntries(
    stages.map((stage) => [stage, summarize(rows.flatMap((row) => row.timings[stage] ?? []))]),
  );
  if (options.isJson) io.print(JSON.stringify({ sentences: rows, timing_ms: summary }));
  else {
    for (const [stage, figures] of Object.entries(summary))
      if (figures !== undefined) io.print(`${stage}: median ${figures.median} ms, p90 ${figures.p90} ms`);
    for (const row of rows) io.print(`${row.sentence}\t→ ${row.answer}`);
  }
  return failed === 0 ? 0 : 2;
}

function progressBar(done: number, total: number): string {
  const width = 30;
  const filled = total === 0 ? width : Math.round((done / total) * width);
  return `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`;
}
