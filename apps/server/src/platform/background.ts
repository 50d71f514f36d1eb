import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { describeForLog } from './http';

type Task = () => Promise<unknown>;

/**
 * Work a call starts but does not wait for: it runs once the answer has been sent, so the time
 * the answer takes tells nothing about it (forgot-password by e-mail sends its link this way).
 * Failures are logged by class and code only. Closing the app waits for what is still running.
 */
export class BackgroundTasks {
  private readonly queued = new WeakMap<FastifyRequest, (() => void)[]>();
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  install(app: FastifyInstance): void {
    app.addHook('onResponse', async (req) => {
      const tasks = this.queued.get(req);
      if (!tasks) return;
      this.queued.delete(req);
      // On the next turn: the answer's last bytes are out before the work starts.
      setImmediate(() => {
        for (const start of tasks) start();
      });
    });
    app.addHook('onClose', () => this.idle());
  }

  /**
   * Runs `task` after the answer to `req` has gone out. It counts as running from now on, so
   * `idle()` waits for it even before the answer has finished.
   */
  afterResponse(req: FastifyRequest, name: string, task: Task): void {
    let start!: () => void;
    const answered = new Promise<void>((resolve) => (start = resolve));
    this.track(name, answered.then(task));
    const tasks = this.queued.get(req) ?? [];
    tasks.push(start);
    this.queued.set(req, tasks);
  }

  /** Runs `task` on the next turn of the event loop. */
  run(name: string, task: Task): void {
    this.track(name, new Promise<void>((resolve) => setImmediate(resolve)).then(task));
  }

  private track(name: string, work: Promise<unknown>): void {
    const done: Promise<void> = work
      .then(
        () => {},
        (err: unknown) => {
          this.log.error({ task: name, err: describeForLog(err) }, 'background task failed');
        },
      )
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  /** Waits until every task started so far (and any they started) has finished. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
