/**
 * Runs a plan: each stage starts as soon as the stages it reads from have ended, so what does not
 * need the Markdown (the client bundle, the output's folders) runs while it renders, without the
 * plan saying how. Each stage is timed under its name.
 */

/** A stage's time, added under `name` (several steps may share a name). */
export type Timer = <T>(name: string, fn: () => T | Promise<T>) => Promise<T>;

export interface Stage<M, X> {
  name: string;
  /** The stages whose output it reads; none: it starts at once. */
  after: string[];
  /**
   * Stages whose output it reads only part-way through: it starts without them and waits for
   * them itself (`ended`). A change to them runs it again, as with `after`.
   */
  reads?: string[];
  /** Stages it starts after without reading them, so that they have the main thread first. */
  startsAfter?: string[];
  /** Not timed (loading code, preparing the output): its time is no stage's own. */
  untimed?: boolean;
  /**
   * Reads the model, adds its output to it; `executors` are how it runs (cache, threads,
   * writer); `ended(name)` settles when a stage of its `reads` has ended.
   */
  run(model: M, executors: X, time: Timer, ended: (name: string) => Promise<unknown>): unknown;
}

export function timer(timings: Record<string, number>): Timer {
  return async (name, fn) => {
    const start = performance.now();
    try {
      return await fn();
    } finally {
      timings[name] = (timings[name] ?? 0) + Math.round(performance.now() - start);
    }
  };
}

/**
 * Run `plan` on `model`; the stages in `skip` are not run (the model holds their output from a
 * previous run: `docgen dev` runs only what a change touches). A stage that throws stops every stage after it; the stages already
 * running are let finish (none is left writing), then the first error is thrown.
 */
export async function runPlan<M, X>(plan: Stage<M, X>[], model: M, executors: X, time: Timer, skip: ReadonlySet<string> = new Set()): Promise<void> {
  const started = new Map<string, Promise<unknown>>();
  const earlier = (stage: Stage<M, X>, name: string) => {
    const p = started.get(name);
    if (!p) throw new Error(`plan: stage ${stage.name} runs after ${name}, which is not before it`);
    return p;
  };
  for (const stage of plan) {
    const before = [...stage.after, ...(stage.startsAfter ?? [])].map((name) => earlier(stage, name));
    const reads = new Map((stage.reads ?? []).map((name) => [name, earlier(stage, name)]));
    const ended = (name: string) => reads.get(name) ?? Promise.reject(new Error(`plan: stage ${stage.name} does not list ${name} in its reads`));
    const run = () => stage.run(model, executors, time, ended);
    const go = () => (skip.has(stage.name) ? undefined : stage.untimed ? run() : time(stage.name, run));
    started.set(stage.name, before.length ? Promise.all(before).then(go) : Promise.resolve().then(go));
  }
  const results = await Promise.allSettled(started.values());
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}
