import type { UpdateResult } from './output.ts';

/** Thrown between stages of a run a newer edit made stale: the run ends, its changes go to the next one. */
export class Abandoned extends Error {
  constructor() {
    super('dev: a newer edit replaced this run');
  }
}

/**
 * How long the run after an edit's page waits for the writer to stop saving, on a site whose
 * runs take long (see `quietFor`): a save in a burst of saves then finds no run going on and
 * its page is served at once, and the run is made once for the burst.
 */
export const QUIET_MS = 1000;
/** A run shorter than this is not waited for: a newer save waits for it at most that long. */
export const SLOW_RUN_MS = 200;

/** The wait before the run of an edit whose page was served, given how long the last run took. */
export const quietFor = (lastRunMs: number): number => (lastRunMs >= SLOW_RUN_MS ? QUIET_MS : 0);

/**
 * One run of the plan as a newer edit sees it: an edit's run (`abandonable`) is made stale by
 * the next edit (`supersede`) and then ends before its next stage, or at once while it waits
 * for a quiet moment. A run that reloads the pages, or serves a page asked for, goes on.
 */
export class RunTurn {
  stale = false;
  private wake?: () => void;

  constructor(readonly abandonable: boolean) {}

  supersede(): void {
    if (!this.abandonable) return;
    this.stale = true;
    this.wake?.();
  }

  /** Throws `Abandoned` once a newer edit made this run stale. */
  check(): void {
    if (this.stale) throw new Abandoned();
  }

  /** Wait `ms` (or until a newer edit), then go on unless one came. */
  async quiet(ms: number): Promise<void> {
    if (ms > 0 && !this.stale) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
    this.check();
  }
}

/** What an ended run leaves to the next: the stages to run again, and whether it changed one doc's Markdown alone. */
export interface Carried {
  rerun: Set<string>;
  bodiesOnly: boolean;
}

/**
 * The session's runs, one at a time. A run a newer edit ended (`Abandoned`) leaves its stages
 * in `carried`: the next run runs them too, so what the ended run would have brought (another
 * doc's page, the search files) is not lost. Undefined when no run ended since the last
 * complete one (`done`).
 */
export class RunTurns {
  private turn: Promise<unknown> = Promise.resolve();
  private current?: RunTurn;
  carried?: Carried;

  /** Run `fn` once the run before it ended. */
  run(request: { rerun: Set<string>; abandonable?: boolean; edited?: unknown }, fn: (turn: RunTurn) => Promise<UpdateResult>): Promise<UpdateResult> {
    const next = this.turn.then(async (): Promise<UpdateResult> => {
      const turn = new RunTurn(request.abandonable === true);
      this.current = turn;
      try {
        return await fn(turn);
      } catch (err) {
        if (!(err instanceof Abandoned)) throw err;
        const { carried } = this;
        this.carried = { rerun: new Set([...(carried?.rerun ?? []), ...request.rerun]), bodiesOnly: (carried?.bodiesOnly ?? true) && request.edited !== undefined };
        return { changed: [], reload: false, ok: false, abandoned: true };
      } finally {
        this.current = undefined;
      }
    });
    this.turn = next.catch(() => undefined);
    return next;
  }

  /** A newer edit waits: the run going on ends, if it is an edit's (RunTurn). */
  supersede(): void {
    this.current?.supersede();
  }

  /** A run ran every stage it had to (or failed, and the next runs them all): nothing is carried. */
  done(): void {
    this.carried = undefined;
  }
}
