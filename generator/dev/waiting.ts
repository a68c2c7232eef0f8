/** The files that hold every doc's sections: they wait for every doc. */
export const SEARCH_FILES = /^(search-files(-[\w.~-]+)?\.json|search-doc-\d+\.json|lunr-index-\d+\.json)$/;

/**
 * The docs a start on a cold cache left without their Markdown: their pages by output path,
 * the renders of single pages under way (one per doc), and a promise the search files wait on
 * until none is left.
 */
export class WaitingDocs {
  private byPath = new Map<string, string>();
  private readonly rendering = new Map<string, Promise<void>>();
  /** Resolves, by doc, what waits for the doc's page to be current. */
  private readonly showing = new Map<string, () => void>();
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
    const ids = this.ids;
    for (const [id, resolve] of this.showing) if (!ids.has(id)) resolve();
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
    for (const p of paths) {
      const id = this.byPath.get(p);
      this.byPath.delete(p);
      if (id !== undefined) this.showing.get(id)?.();
    }
  }

  /** Settles once no doc waits. */
  async all(): Promise<void> {
    await this.done?.promise;
  }

  /** Render a doc's page once, however many requests ask for it meanwhile; `show` is given a promise settled once the page is current. */
  render(id: string, show: (shown: Promise<void>) => Promise<unknown>): Promise<void> {
    let running = this.rendering.get(id);
    if (!running) {
      const shown = new Promise<void>((resolve) => this.showing.set(id, resolve));
      running = show(shown)
        .then(() => undefined)
        .finally(() => {
          this.rendering.delete(id);
          this.showing.delete(id);
        });
      this.rendering.set(id, running);
    }
    return running;
  }
}
