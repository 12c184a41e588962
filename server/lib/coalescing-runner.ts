/**
 * Runs `run` whenever kicked, one run at a time: a kick during a run makes one more run after it
 * (kicks coalesce). `stop()` ends after the run in progress (`run` is told through `stopped()`).
 * A failed run is reported to `onError` and does not stop the runner. The notification jobs
 * and the data exports each have one.
 */
export class CoalescingRunner {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly run: (stopped: () => boolean) => Promise<unknown>,
    private readonly onError: (err: unknown) => void,
  ) {}

  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
  }

  /** Resolves once no run is in progress (for tests and shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async loop() {
    do {
      this.again = false;
      try {
        await this.run(() => this.stopped);
      } catch (err) {
        this.onError(err);
      }
    } while (this.again && !this.stopped);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle();
  }
}
