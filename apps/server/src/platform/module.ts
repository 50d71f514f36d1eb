import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db';
import type { JobDefinition, Jobs } from './jobs';

/** What a module's steps receive: the platform, and the registry of every module's services. */
export interface ModuleContext<S> {
  app: FastifyInstance;
  config: Config;
  database: Database;
  production: boolean;
  /**
   * Services by name. While modules build, only those listed earlier are present; a closure that
   * runs later (a job, a request) may use any of them.
   */
  services: S;
}

/**
 * A domain module as the app sees it. `build` makes the module's services (and any private state
 * its routes or jobs need) and returns them as `own`; `own.services` joins the registry. The other
 * steps receive `own` back, so nothing module-specific lives in the app's wiring.
 */
export interface ModuleDescriptor<S, Own extends { services: Partial<S> }> {
  name: string;
  build(ctx: ModuleContext<S>): Own | Promise<Own>;
  /** Registers the module's HTTP and WebSocket routes, once every module is built. */
  routes?(app: FastifyInstance, own: Own, ctx: ModuleContext<S>): void | Promise<void>;
  /** Scheduled jobs (pg-boss), defined whether or not jobs run in this process. */
  jobs?(own: Own, ctx: ModuleContext<S>): JobDefinition[];
  /** Runs when the app is ready (after the scheduler has started, when it runs). */
  onReady?(own: Own, ctx: ModuleContext<S>): Promise<unknown>;
  /** A loop of the module's own that runs while jobs are on; returns how to stop it. */
  start?(own: Own, ctx: ModuleContext<S>): () => void | Promise<void>;
  /** Releases what the module holds (sockets, listeners) when the app closes. */
  close?(own: Own): void | Promise<void>;
}

const deferredJobStarts = new WeakMap<FastifyInstance, () => Promise<void>>();

/**
 * Starts the job queue and the modules' loops of an app built with `deferJobs`; the server calls
 * it once it listens, so the queue's set-up does not hold up the first answer.
 */
export async function startDeferredJobs(app: FastifyInstance): Promise<void> {
  await deferredJobStarts.get(app)?.();
}

/**
 * Builds the modules in order, then their routes, jobs and hooks. The job queue and the modules'
 * loops start when the app is ready, or with `deferJobs` when `startDeferredJobs` is called.
 */
export async function installModules<S>(
  ctx: ModuleContext<S>,
  jobs: Jobs,
  // Each descriptor keeps its own `Own`; the list only needs what they have in common.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  modules: readonly ModuleDescriptor<S, any>[],
  { deferJobs = false }: { deferJobs?: boolean } = {},
): Promise<void> {
  const { app, config } = ctx;
  const built: { module: (typeof modules)[number]; own: { services: Partial<S> } }[] = [];
  for (const module of modules) {
    const own = await module.build(ctx);
    Object.assign(ctx.services as object, own.services);
    built.push({ module, own });
  }
  for (const { module, own } of built) {
    for (const job of module.jobs?.(own, ctx) ?? []) jobs.define(job);
  }
  if (config.jobs) {
    const stops: (() => void | Promise<void>)[] = [];
    const start = async () => {
      await jobs.start();
      for (const { module, own } of built) if (module.start) stops.push(module.start(own, ctx));
    };
    if (deferJobs) deferredJobStarts.set(app, start);
    else app.addHook('onReady', start);
    app.addHook('onClose', async () => {
      for (const stop of stops) await stop();
    });
    // Runs before the database closes: the server closes the app first.
    app.addHook('onClose', () => jobs.stop());
  }
  for (const { module, own } of built) {
    if (module.onReady) app.addHook('onReady', async () => void (await module.onReady!(own, ctx)));
    if (module.close) app.addHook('onClose', async () => module.close!(own));
  }
  for (const { module, own } of built) await module.routes?.(app, own, ctx);
}

/**
 * Types a module's descriptor against the app's registry while keeping its own `Own`:
 * `export const walletModule = defineModule<Services>()({ name: 'wallet', … })`.
 */
export function defineModule<S>() {
  return <Own extends { services: Partial<S> }>(
    descriptor: ModuleDescriptor<S, Own>,
  ): ModuleDescriptor<S, Own> => descriptor;
}
