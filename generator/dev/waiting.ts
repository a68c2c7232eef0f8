/**
 * The docs a start on a cold cache left without their Markdown: their pages by output path,
 * the renders of single pages under way (one per doc), and a promise the search files wait on
 * until none is left.
 */
export class WaitingDocs {
  private byPath = new Map<string, string>();
  private readonly rendering = new Map<string, Promise<void>>();
  private done?: { promise: Promise<void>; resolve: () => void };

  /** The docs that wait. */
  get ids(): Set<string> {
    return new Set(this.byPath.values());
  }

  get count(): number {
    return this.ids.size;
  }

  /** The doc whose page (HTML or route chunk) this is, if it waits. */
  docOf(path: string): string | undefined {
    return this.byPath.get(path);
  }

  /** The docs that wait now, by their pages' paths; with none, whatever waited for all is released. */
  set(pages: Map<string, string>): void {
    this.byPath = pages;
    if (pages.size) {
      if (!this.done) {
        let resolve = () => undefined as void;
        const promise = new Promise<void>((r) => (resolve = r));
        this.done = { promise, resolve };
      }
    } else {
      this.done?.resolve();
      this.done = undefined;
    }
  }

  /** A doc's pages are current now. */
  shown(paths: string[]): void {
    for (const p of paths) this.byPath.delete(p);
  }

  /** Settles once no doc waits. */
  async all(): Promise<void> {
    await this.done?.promise;
  }

  /** Render a doc's page once, however many requests ask for it meanwhile. */
  render(id: string, show: () => Promise<void>): Promise<void> {
    let running = this.rendering.get(id);
    if (!running) {
      running = show().finally(() => this.rendering.delete(id));
      this.rendering.set(id, running);
    }
    return running;
  }
}
