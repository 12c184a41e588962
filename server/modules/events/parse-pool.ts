import { Worker } from 'node:worker_threads';
import { EVENT_IMPORT_TEXTS, EVENT_LIMITS } from '../../../contract';
import { badRequest, HttpError } from '../../errors';
import type { ImportedEvent } from './parse';

/**
 * The events import reads its source in one long-lived worker thread (issue 24: a 314-byte .ics
 * held every request for 20 s), one source at a time. The thread has a budget over the whole
 * source (`importParseMs`, `importMaxSteps`): past it the events read so far come back with
 * `cut`; a thread still busy `graceMs` later (a hostile text stuck inside the parser) is ended
 * and the import refused with 400. The thread is started on the first import and does not keep
 * the process alive.
 */
export interface ParseLimits {
  timeMs: number;
  steps: number;
  graceMs: number;
}

export const DEFAULT_PARSE_LIMITS: ParseLimits = {
  timeMs: EVENT_LIMITS.importParseMs,
  steps: EVENT_LIMITS.importMaxSteps,
  graceMs: 2000,
};

type Answer =
  | { ok: true; events: ImportedEvent[]; cut: boolean }
  | { ok: false; status: number; message: string };

let ready: Promise<Worker> | null = null;
let queue: Promise<unknown> = Promise.resolve();

function start(): Promise<Worker> {
  const worker = new Worker(new URL('./parse-worker.mjs', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
  worker.unref();
  const started = new Promise<Worker>((resolve, reject) => {
    worker.once('message', (m) =>
      m === 'ready' ? resolve(worker) : reject(new Error('parser thread did not start')),
    );
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error('parser thread ended')));
  });
  // A thread that ends (killed, out of memory) is started afresh on the next import.
  worker.once('exit', () => {
    if (ready === started) ready = null;
  });
  return started;
}

function job(
  text: string,
  now: Date,
  limits: ParseLimits,
): Promise<{ events: ImportedEvent[]; cut: boolean }> {
  ready ??= start();
  const current = ready;
  return current.then(
    (worker) =>
      new Promise((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          worker.off('message', onMessage);
          worker.off('error', onError);
          worker.off('exit', onExit);
        };
        const onMessage = (m: Answer) => {
          done();
          if (m.ok) resolve({ events: m.events, cut: m.cut });
          else reject(new HttpError(m.status >= 400 && m.status < 500 ? m.status : 400, m.message));
        };
        const onError = (err: Error) => {
          done();
          reject(
            badRequest(
              `${EVENT_IMPORT_TEXTS.importFailedDefault}: the source could not be read (${err.message})`,
            ),
          );
        };
        const onExit = () => {
          done();
          reject(badRequest(`${EVENT_IMPORT_TEXTS.importFailedDefault}: the source could not be read`));
        };
        const timer = setTimeout(() => {
          done();
          if (ready === current) ready = null;
          void worker.terminate();
          reject(badRequest(`${EVENT_IMPORT_TEXTS.importFailedDefault}: ${EVENT_IMPORT_TEXTS.tooSlow}`));
        }, limits.timeMs + limits.graceMs);
        worker.on('message', onMessage);
        worker.once('error', onError);
        worker.once('exit', onExit);
        worker.postMessage({ text, now: now.getTime(), timeMs: limits.timeMs, steps: limits.steps });
      }),
    (err) => {
      if (ready === current) ready = null;
      throw err;
    },
  );
}

/** The events of a source, read in the parser thread; one source at a time. */
export function parseInWorker(
  text: string,
  now = new Date(),
  limits: ParseLimits = DEFAULT_PARSE_LIMITS,
): Promise<{ events: ImportedEvent[]; cut: boolean }> {
  const run = queue.then(() => job(text, now, limits));
  queue = run.catch(() => undefined);
  return run;
}
