import type { Doc, OutputFile, Rendered, SiteContent } from '../model.ts';
import type { OutputWriter } from '../output/index.ts';
import { htmlPathFor } from './paths.ts';

/**
 * Doc pages rendered and written while the Markdown stage still runs: each as soon as its
 * Markdown is ready, on a thread that would otherwise wait for the workers, so the render stage
 * after the Markdown is left with the rest. Nothing is published early: the pages go to the
 * output's temporary folder, which a failed build removes. Any failure stops the early writes;
 * the render stage then makes the pages not written, and reports the failure in its place.
 */
export class EarlyPages {
  /** Filled as docs are ready, by doc id; the page maker reads a doc's entry. */
  readonly rendered = new Map<string, Rendered>();
  private readonly ready: string[] = [];
  private readonly written = new Set<string>();
  private readonly shared: Set<string>;
  private writer?: { make: (id: string) => OutputFile[]; output: OutputWriter };
  private chain = Promise.resolve();
  private stopped = false;

  constructor(content: SiteContent) {
    // A route two files share is written in the render stage's order, so the output does not
    // depend on which doc's Markdown came first.
    const count = new Map<string, number>();
    for (const d of [...content.docs, ...content.pages]) count.set(htmlPathFor(d.route), (count.get(htmlPathFor(d.route)) ?? 0) + 1);
    this.shared = new Set(content.docs.flatMap((d) => (count.get(htmlPathFor(d.route))! > 1 ? [d.id] : [])));
  }

  /** A doc's Markdown is ready. */
  add(doc: Doc, rendered: Rendered): void {
    this.rendered.set(doc.id, rendered);
    if (this.shared.has(doc.id)) return;
    this.ready.push(doc.id);
    this.pump();
  }

  /** The pages can be made and written from now on, by the page maker `maker` makes. */
  start(maker: () => (id: string) => OutputFile[], output: OutputWriter): void {
    try {
      this.writer = { make: maker(), output };
    } catch {
      this.stopped = true;
      return;
    }
    this.pump();
  }

  /** Write the pages of the docs ready so far, then stop; gives the docs whose pages were written. */
  async finish(): Promise<ReadonlySet<string>> {
    await this.chain;
    this.stopped = true;
    return this.written;
  }

  /** Stop now (the build failed), once the page in progress is written. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.chain;
  }

  private pump(): void {
    const writer = this.writer;
    if (!writer) return;
    for (const id of this.ready.splice(0)) {
      this.chain = this.chain.then(async () => {
        if (this.stopped) return;
        try {
          await writer.output.writeAll(writer.make(id));
          this.written.add(id);
        } catch {
          this.stopped = true;
        }
      });
    }
  }
}
