/** Not a file: the batch that renders the docs a start on a cold cache left for later. */
export const REST_OF_START = '\0rest of the start';
/** Not a file: the batch that renders again the docs whose Markdown cache entry another process removed. */
export const CACHE_CHANGED = '\0cache changed';

/** Applies one batch of changes (files, or the two markers above); `since` is when its first change was seen. */
export type ApplyBatch = (batch: string[], since: number) => Promise<void>;

/**
 * Changes waiting to be applied, applied one batch at a time: what arrives while a batch is
 * applied waits for the next, and `newer` is told (once per batch), so a batch of edited files
 * can end its run early instead of making the newer edit wait for it (DevSession.supersede).
 * A request for the docs whose cache entry vanished joins the next batch, and is told when that
 * batch is applied.
 */
export class EditQueue {
  private readonly pending = new Set<string>();
  private since = 0;
  private running?: Promise<void>;
  private updating = false;
  private cacheChanged: (() => void)[] = [];
  private renderedAgain?: Promise<void>;
  private stopped = false;
  /** A batch of edited files only (not one of the markers above) is being applied, and has not been told `newer` yet. */
  private editing = false;

  constructor(
    private readonly apply: ApplyBatch,
    private readonly newer: () => void = () => undefined,
  ) {}

  /** An edit is waiting or being applied (background work waits). */
  get busy(): boolean {
    return this.updating;
  }

  /** Changes seen at `at` (performance.now()). */
  add(changes: string[], at = performance.now()): void {
    if (!changes.length || this.stopped) return;
    if (!this.pending.size) this.since = at;
    for (const c of changes) this.pending.add(c);
    this.updating = true;
    this.seen();
    this.kick();
  }

  /** A change is coming (its batch not yet complete): the batch of edits being applied is told `newer`. */
  seen(): void {
    if (!this.editing || this.stopped) return;
    this.editing = false;
    this.newer();
  }

  /** Resolved when the batch that renders again the docs whose cache entry vanished is applied. */
  renderAgain(): Promise<void> {
    if (!this.renderedAgain) {
      // Set before the batch is added: applying it starts at once, and forgets this promise.
      this.renderedAgain = new Promise<void>((resolve) => this.cacheChanged.push(resolve));
      this.add([CACHE_CHANGED]);
    }
    return this.renderedAgain;
  }

  /** Take no more changes; resolves when the batch being applied, if any, is done. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  private kick(): void {
    if (this.running || !this.pending.size) return;
    this.updating = true;
    this.running = this.drain().finally(() => {
      this.running = undefined;
      this.updating = this.pending.size > 0;
      this.kick();
    });
  }

  private async drain(): Promise<void> {
    while (this.pending.size) {
      const batch = [...this.pending];
      const since = this.since;
      this.pending.clear();
      const waiting = batch.includes(CACHE_CHANGED) ? this.cacheChanged : [];
      if (waiting.length) {
        this.cacheChanged = [];
        this.renderedAgain = undefined;
      }
      this.editing = !batch.includes(REST_OF_START) && !batch.includes(CACHE_CHANGED);
      try {
        await this.apply(batch, since);
      } finally {
        this.editing = false;
      }
      for (const resolve of waiting) resolve();
    }
  }
}
