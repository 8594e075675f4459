// `server.workers` > 1: the primary process forks workers that share the port (Node's cluster module) and replaces
// each one that dies.

import cluster, { type Address, type Worker } from 'node:cluster';
import { HearthError } from '../common/index.ts';
import type { Listening } from './listen.ts';

/** A worker that lived this long before dying is replaced at once; one that died sooner waits {@link restartDelayMs}. */
export const STABLE_WORKER_MS = 10_000;

/** The wait before the first restart after a quick death, and the longest (it doubles with each quick death). */
export const RESTART_DELAY_MS = { first: 1000, max: 60_000 } as const;

/** A worker that stopped. */
export interface StoppedWorker {
  /** Its process id. */
  pid: number;
  /** Its exit code, or null when a signal ended it. */
  code: number | null;
  /** The signal that ended it, e.g. `SIGKILL`, or null. */
  signal: string | null;
}

/** What the primary does around the workers. */
export interface WorkerSupervision {
  /** How many workers serve at once. */
  count: number;
  /** A worker died (after the server listened): called at once, before it is replaced. */
  onExit: (stopped: StoppedWorker) => void;
  /** A replacement for `replaced` is forked after `delayMs`. */
  onRestart: (restart: { replaced: number; delayMs: number }) => void;
  /** A worker listens: one of the first `count`, or a replacement. */
  onListening: (listening: { pid: number; isReplacement: boolean }) => void;
}

/** True in a process cluster forked to serve; it listens but leaves the banner to the primary. */
export function isServingWorker(): boolean {
  return cluster.isWorker;
}

/**
 * How long to wait before replacing a worker, given how many workers in a row died within {@link STABLE_WORKER_MS} of
 * their start (this one included): none, at once; then 1 s, 2 s, 4 s … up to a minute, so that a worker that cannot
 * start (a broken model file, a full disk) is not forked in a tight loop.
 */
export function restartDelayMs(quickDeaths: number): number {
  if (quickDeaths <= 0) return 0;
  return Math.min(RESTART_DELAY_MS.first * 2 ** (quickDeaths - 1), RESTART_DELAY_MS.max);
}

/**
 * Forks `count` workers (each runs this program again and serves the same port) and resolves once the first one
 * listens; a worker that stops before then fails the start. Afterwards a worker that dies is reported and replaced.
 */
export function startWorkers(supervision: WorkerSupervision): Promise<Listening> {
  // The live workers and when each was forked; the replacements not yet listening.
  const started = new Map<Worker, number>();
  const replacements = new Set<Worker>();
  const fork = () => {
    const worker = cluster.fork();
    started.set(worker, Date.now());
    return worker;
  };
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let isListening = false;
  let isStopping = false;
  let quickDeaths = 0;

  for (let index = 0; index < supervision.count; index += 1) fork();
  cluster.on('exit', (worker, code, signal) => {
    const startedAt = started.get(worker) ?? Date.now();
    started.delete(worker);
    replacements.delete(worker);
    if (isStopping || !isListening) return;
    supervision.onExit({ pid: worker.process.pid ?? 0, code, signal });
    quickDeaths = Date.now() - startedAt < STABLE_WORKER_MS ? quickDeaths + 1 : 0;
    const delayMs = restartDelayMs(quickDeaths);
    supervision.onRestart({ replaced: worker.process.pid ?? 0, delayMs });
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!isStopping) replacements.add(fork());
    }, delayMs);
    timers.add(timer);
  });
  cluster.on('listening', (worker) => {
    supervision.onListening({ pid: worker.process.pid ?? 0, isReplacement: replacements.delete(worker) });
  });
  return new Promise((resolve, reject) => {
    cluster.once('exit', (_worker, code) => {
      if (!isListening) reject(workerFailed(code));
    });
    cluster.once('listening', (_worker, address) => {
      isListening = true;
      resolve({
        url: urlOf(address),
        port: address.port,
        close: () => {
          isStopping = true;
          for (const timer of timers) clearTimeout(timer);
          return Promise.all([...started.keys()].map(stopWorker)).then(() => undefined);
        },
      });
    });
  });
}

/** Where the workers listen, as a URL. */
function urlOf(address: Address): string {
  const host =
    address.address === null || address.address === undefined
      ? '127.0.0.1'
      : address.addressType === 6
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}

function stopWorker(worker: Worker): Promise<void> {
  return new Promise<void>((done) => {
    if (worker.isDead()) return done();
    worker.once('exit', () => done());
    worker.kill('SIGTERM');
  });
}

function workerFailed(code: number | null): HearthError {
  const message = `A server worker stopped before it could listen (exit code ${code}); its error is printed above.`;
  return new HearthError('WORKER_FAILED', message);
}
