import type { JobRunner } from '../../context';
import { HttpError } from '../../errors';

export const QUEUE_FULL_MESSAGE = 'The server is busy processing images, please try again in a moment';

/**
 * A bounded queue for CPU-heavy jobs (image decoding and encoding): at most `concurrency` run at
 * once, at most `maxWaiting` wait; one more is refused at once with 503 and `Retry-After`, never
 * left to hang. A failed job frees its slot like a finished one. (A queue that refuses when full
 * is the one thing p-limit and p-queue leave to the caller, so it is these few lines.)
 */
export class JobQueue implements JobRunner {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency = 1,
    readonly maxWaiting = 8,
    readonly retryAfterSeconds = 5,
  ) {}

  get size() {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting)
        throw new HttpError(503, QUEUE_FULL_MESSAGE, undefined, {
          'Retry-After': String(this.retryAfterSeconds),
        });
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next job; otherwise it is freed.
      if (next) next();
      else this.running--;
    }
  }
}
