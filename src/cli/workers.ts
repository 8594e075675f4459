// `server.workers` > 1: the primary process forks workers that share the port (Node's cluster module).

import cluster, { type Worker } from 'node:cluster';
import { HearthError } from '../common/index.ts';
import type { Listening } from './listen.ts';

/** True in a process cluster forked to serve; it listens but leaves the banner to the primary. */
export function isServingWorker(): boolean {
  return cluster.isWorker;
}

/**
 * Forks `count` workers (each runs this program again and serves the same port) and resolves once the
 * first one listens. A worker that dies is not replaced: the others go on, and the primary logs it; when
 * the last one dies, the primary exits with code 1.
 */
export function startWorkers(count: number, onExit: (worker: number, code: number | null) => void): Promise<Listening> {
  const workers: Worker[] = Array.from({ length: count }, () => cluster.fork());
  let stopping = false;
  cluster.on('exit', (worker, code) => {
    if (stopping) return;
    onExit(worker.id, code);
    // With no worker left nothing serves: the primary ends too (it holds no server of its own), failing.
    if (workers.every((other) => other.isDead())) process.exitCode = 1;
  });
  return new Promise((resolve, reject) => {
    cluster.once('exit', (_worker, code) =>
      reject(
        new HearthError(
          'unavailable',
          'WORKER_FAILED',
          `A server worker stopped before it could listen (exit code ${code}); its error is printed above.`,
        ),
      ),
    );
    cluster.once('listening', (_worker, address) => {
      const host =
        address.address === null || address.address === undefined
          ? '127.0.0.1'
          : address.addressType === 6
            ? `[${address.address}]`
            : address.address;
      resolve({
        url: `http://${host}:${address.port}`,
        port: address.port,
        close: () => {
          stopping = true;
          return Promise.all(
            workers.map(
              (worker) =>
                new Promise<void>((done) => {
                  if (worker.isDead()) return done();
                  worker.once('exit', () => done());
                  worker.kill('SIGTERM');
                }),
            ),
          ).then(() => undefined);
        },
      });
    });
  });
}
