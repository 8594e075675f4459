// HA-Assist built after the server listens: compiling its grammar is the slow part of a start, so /healthz answers
// first, a turn that arrives before HA-Assist is built waits for it, and /readyz says it is not ready meanwhile.

import type { HaAssist } from '../assist/index.ts';
import { HearthError } from '../common/index.ts';
import type { Readiness, ReadinessCheck } from '../server/index.ts';

/** HA-Assist that is built once, on the first call of `build` or of one of its methods. */
export interface DeferredHaAssist {
  /** HA-Assist: each call waits until it is built (never answers without its grammar); after a failed build, 503. */
  haAssist: HaAssist;
  /** Starts the build (once); resolves when HA-Assist is built, rejects with the build's error. */
  build(): Promise<HaAssist>;
  /**
   * /readyz's check of it: waits for the build at most `waitMs`, then undefined once built (nothing to report), or a
   * failing check saying it is still being built or why it could not be.
   */
  check(waitMs: number): Promise<ReadinessCheck | undefined>;
}

/** What /readyz names the grammar by: its language, and where it comes from. */
export interface GrammarSource {
  language: string;
  /** The intents folder (`intents.path`), or `built-in`. */
  url: string;
}

/** Defers `create` (HA-Assist and the grammar it compiles) until it is first needed or `build` is called. */
export function deferHaAssist(create: () => Promise<HaAssist>, source: GrammarSource): DeferredHaAssist {
  let built: Promise<HaAssist> | undefined;
  let outcome: { ok: true } | { ok: false; reason: string } | undefined;
  const build = (): Promise<HaAssist> => {
    if (built !== undefined) return built;
    built = Promise.resolve().then(create);
    // Kept apart from the promise the callers await, so a failed build is reported by /readyz and by each call, and
    // is never an unhandled rejection when nobody has called yet.
    built.then(
      () => (outcome = { ok: true }),
      (error: unknown) => (outcome = { ok: false, reason: error instanceof Error ? error.message : String(error) }),
    );
    return built;
  };
  // A turn after a failed build is a 503 naming the grammar, not the loader's own error (a 500).
  const ready = async (): Promise<HaAssist> => {
    try {
      return await build();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new HearthError('GRAMMAR_UNAVAILABLE', `HA-Assist's grammar could not be loaded: ${reason}`);
    }
  };
  const haAssist: HaAssist = {
    explain: async (turn, options) => (await ready()).explain(turn, options),
    complete: async (turn, options) => (await ready()).complete(turn, options),
    stream: (turn, options) => ({
      async *[Symbol.asyncIterator]() {
        yield* (await ready()).stream(turn, options);
      },
    }),
  };
  const check = async (waitMs: number): Promise<ReadinessCheck | undefined> => {
    if (outcome === undefined) await settledWithin(build(), waitMs);
    const base = { kind: 'grammar' as const, name: source.language, url: source.url, ok: false };
    if (outcome === undefined) return { ...base, reason: 'HA-Assist is still compiling it' };
    return outcome.ok ? undefined : { ...base, reason: `HA-Assist could not be built: ${outcome.reason}` };
  };
  return { haAssist, build, check };
}

/** `readiness` (or none: ready) with HA-Assist's check added while it is not built or failed to be. */
export function withAssistReadiness(
  readiness: (() => Promise<Readiness>) | undefined,
  assist: DeferredHaAssist,
  waitMs: number,
): () => Promise<Readiness> {
  return async () => {
    const [state, check] = await Promise.all([readiness?.() ?? { ready: true, checks: [] }, assist.check(waitMs)]);
    return check === undefined ? state : { ready: false, checks: [...state.checks, check] };
  };
}

/** Waits until `promise` settles or `ms` pass, whichever is first; never rejects. */
async function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  try {
    await Promise.race([promise.then(nothing, nothing), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function nothing(): void {}
