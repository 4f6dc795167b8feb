import { observeJobStep } from './metrics';

export interface TLoopLog {
  error(object: object, message: string): void;
}

/**
 * A background job that runs `step` again while it finds work, and otherwise sleeps until woken
 * or `idleMs` has passed. `stop` lets the step in hand finish. The intake worker and the
 * downlink sender are two of these.
 */
export class BackgroundLoop {
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private woken = false;

  constructor(
    private readonly name: string,
    /** Does one round of work; answers how many items it took (0: nothing to do). */
    private readonly step: () => Promise<number>,
    private readonly log: TLoopLog,
    private readonly idleMs: number,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.woken = false;
      let taken = 0;
      try {
        taken = await observeJobStep(this.name, this.step);
      } catch (error) {
        this.log.error({ err: error }, `${this.name} failed`);
      }
      if (taken === 0 && this.running && !this.woken) await this.sleep();
    }
  }

  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wakeUp = null;
        resolve();
      }, this.idleMs);
      this.wakeUp = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        resolve();
      };
    });
  }
}
