import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import type { Logger } from 'pino';

/** A worker that lived this long before exiting was not crash-looping: the next one starts at once. */
const STABLE_MS = 10_000;
/** The first back-off after a quick crash, doubled per crash in a row up to MAX_BACKOFF_MS. */
const FIRST_BACKOFF_MS = 250;
const MAX_BACKOFF_MS = 30_000;
/** How long the workers get to finish their requests on SIGTERM before they are killed. */
const STOP_GRACE_MS = 15_000;

/**
 * How many processes serve (decision 025): on PostgreSQL WEB_CONCURRENCY, or one per core; on the
 * embedded database one (PGlite belongs to one process).
 */
export function workerCount(env: { DATABASE_URL?: string; WEB_CONCURRENCY?: number }): number {
  if (!env.DATABASE_URL) return 1;
  return env.WEB_CONCURRENCY ?? availableParallelism();
}

/** The wait before replacing a worker that exited after `crashes` quick exits in a row (0: none). */
export function backoffMs(crashes: number): number {
  return crashes <= 0 ? 0 : Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (crashes - 1));
}

export interface Workers {
  /** Resolves with the port once every first worker listens. */
  ready: Promise<number>;
  /** Asks every worker to finish its requests and exit (SIGTERM); resolves true when all exited cleanly. */
  stop(): Promise<boolean>;
}

/**
 * In the primary: forks `count` workers (this same script, `cluster.isWorker`), replaces a worker
 * that exits while not stopping, after a back-off when it crashes again and again, and stops them
 * gracefully. The workers share the listening port (the primary hands out connections in turn).
 */
export function superviseWorkers(count: number, log: Logger): Workers {
  const startedAt = new Map<number, number>();
  let stopping = false;
  let crashes = 0;
  let listening = 0;
  let resolveReady: (port: number) => void = () => {};
  const ready = new Promise<number>((resolve) => {
    resolveReady = resolve;
  });

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };

  cluster.on('listening', (worker, address) => {
    log.info({ worker: worker.id, workerPid: worker.process.pid }, 'worker listening');
    listening++;
    if (listening === count) resolveReady(address.port);
  });

  cluster.on('exit', (worker: Worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) return;
    crashes = lived >= STABLE_MS ? 0 : crashes + 1;
    const delay = backoffMs(crashes);
    log.warn(
      { worker: worker.id, workerPid: worker.process.pid, code, signal, restartInMs: delay },
      'worker exited; starting another',
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  for (let i = 0; i < count; i++) fork();

  return {
    ready,
    async stop() {
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
      const exits = workers.map(
        (worker) =>
          new Promise<boolean>((resolve) => {
            if (worker.isDead()) return resolve(worker.process.exitCode === 0);
            worker.once('exit', (code) => resolve(code === 0));
            worker.process.kill('SIGTERM');
          }),
      );
      const killer = setTimeout(() => {
        for (const worker of workers) if (!worker.isDead()) worker.process.kill('SIGKILL');
      }, STOP_GRACE_MS);
      const clean = await Promise.all(exits);
      clearTimeout(killer);
      return clean.every(Boolean);
    },
  };
}
