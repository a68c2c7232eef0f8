import type { MemoryFiles } from './files.ts';

/**
 * Pages rendered between requests, one per turn of the event loop: first the pages an edit
 * changed (then `done` is told, and the edit's line printed), then the rest of the site while
 * memory allows. Nothing runs while an edit is being applied (`busy`), so an edit never waits
 * behind a page.
 */
export class BackgroundPages {
  private readonly urgent: { paths: string[]; done?: () => void }[] = [];
  private rest: string[] = [];
  private scheduled = false;
  private stopped = false;

  constructor(
    private readonly files: MemoryFiles,
    private readonly busy: () => boolean,
  ) {}

  /** Render these pages; with `done`, before any other and told when rendered, else as the rest of the site. */
  render(paths: string[], done?: () => void): void {
    if (done) this.urgent.push({ paths: [...paths], done });
    else this.rest = paths;
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.step());
  }

  private step(): void {
    this.scheduled = false;
    if (this.stopped) return;
    if (this.busy()) {
      this.scheduled = true;
      setTimeout(() => this.step(), 10);
      return;
    }
    if (!this.next()) return;
    this.schedule();
  }

  /** Render one page; false when nothing is left to do now. */
  private next(): boolean {
    const batch = this.urgent[0];
    if (batch) {
      const path = batch.paths.shift();
      if (path !== undefined) this.files.get(path);
      if (!batch.paths.length) {
        this.urgent.shift();
        batch.done?.();
      }
      return true;
    }
    while (this.rest.length && this.files.isReady(this.rest[0])) this.rest.shift();
    if (!this.rest.length || !this.files.hasRoom()) return false;
    this.files.get(this.rest.shift()!);
    return true;
  }
}
