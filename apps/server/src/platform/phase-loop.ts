import pg from 'pg';

/**
 * The loop behind a timed shared game (crash, bingo, the Colour Game, the live tables): `step(now)`
 * moves the game's rounds on from what the database says (betting → running → over → next) and
 * returns when it wants to run again; the loop calls it, at most every `tickMs`.
 *
 * Exactly one process drives a game: the loop first takes a PostgreSQL session advisory lock
 * named after the game on a connection of its own that it keeps (`pg_try_advisory_lock`); a process that does
 * not get it retries every few seconds, so another API process takes over within seconds of the
 * driver's death (its connection closes, the lock goes). With the embedded PGlite there is one
 * process, no pool, and the loop just runs. Tests call `step` themselves with their own clock.
 */
export interface PhaseStepper {
  /** Runs one step at `now` (ms); answers the delay before the next (capped by the loop). */
  step(now: number): Promise<number>;
}

export interface PhaseLoopOptions {
  name: string;
  stepper: PhaseStepper;
  now: () => number;
  /** The PostgreSQL URL for the leader's lock connection; null on PGlite (one process). */
  lockUrl: string | null;
  tickMs?: number;
  onError?: (error: unknown) => void;
}

export function startPhaseLoop(options: PhaseLoopOptions): () => Promise<void> {
  const tickMs = options.tickMs ?? 100;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let client: pg.Client | null = null;
  const lockKey = `phase-loop:${options.name}`;

  /** The step under way, which a stop waits for before the database closes. */
  let running: Promise<void> | null = null;

  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        running = run().finally(() => {
          running = null;
        });
      },
      Math.max(10, Math.min(ms, tickMs)),
    );
    timer.unref?.();
  };

  const lead = async (): Promise<boolean> => {
    if (!options.lockUrl) return true;
    if (client) return true;
    const c = new pg.Client({ connectionString: options.lockUrl });
    c.on('error', () => {
      if (client === c) client = null;
    });
    await c.connect();
    const { rows } = await c.query<{ ok: boolean }>(
      'select pg_try_advisory_lock(hashtextextended($1, 0)) as ok',
      [lockKey],
    );
    if (rows[0]?.ok && !stopped) {
      client = c;
      return true;
    }
    await c.end();
    return false;
  };

  const run = async () => {
    if (stopped) return;
    try {
      if (!(await lead())) return schedule(3_000);
      schedule(await options.stepper.step(options.now()));
    } catch (error) {
      options.onError?.(error);
      schedule(1_000);
    }
  };

  schedule(0);
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
    if (client) {
      const c = client;
      client = null;
      await c.end().catch(() => {});
    }
  };
}
