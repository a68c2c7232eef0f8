import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import type { Extension } from 'micromark-util-types';
import type { Processor } from 'unified';

/**
 * GFM's syntax constructs, each with what a text must contain for the construct to match
 * anything in it. micromark tries every construct at each character that could start one (the
 * table at every line, the e-mail autolink at every word), and most docs have no footnote or
 * strikethrough at all: leaving out what cannot match spares the parser that work.
 */
const GATED: { name: string; construct: Extension; may: RegExp }[] = [
  // A scheme, `www.`, or an e-mail's `@` (mailto: and xmpp: links hold one too).
  { name: 'autolink literal', construct: gfmAutolinkLiteral(), may: /@|www\.|https?:\/\//i },
  // Calls and definitions both open with `[^`.
  { name: 'footnote', construct: gfmFootnote(), may: /\[\^/ },
  { name: 'strikethrough', construct: gfmStrikethrough(), may: /~/ },
  // The delimiter row needs a `|`, or, for a one-column table without pipes, a colon beside a dash.
  { name: 'table', construct: gfmTable(), may: /\||:-|-:/ },
  // `[ ]`, `[x]` or `[X]`; a line ending or tab may stand for the space.
  { name: 'task list item', construct: gfmTaskListItem(), may: /\[[\t\n\r xX]{1,2}\]/ },
];

const needed = (text: string) => GATED.filter((g) => g.may.test(text));

/** The GFM constructs that could match something in `text`. */
export function constructsFor(text: string): Extension[] {
  return needed(text).map((g) => g.construct);
}

/** The names of the constructs `text` needs, for tests and diagnostics. */
export function constructNames(text: string): string[] {
  return needed(text).map((g) => g.name);
}

type Data = { micromarkExtensions?: Extension[]; fromMarkdownExtensions?: unknown[] };

/**
 * remark-gfm, with each doc parsed by only the GFM constructs its text could hold: the same tree
 * as remark-gfm's, parsed with less work. Use it after remark-parse (whose parser it replaces)
 * and in place of remark-gfm; other plugins' syntax (directives) is always on.
 */
export function remarkGfmGated(this: Processor): void {
  const data = this.data() as Data;
  (data.fromMarkdownExtensions ??= []).push(gfmFromMarkdown());
  this.parser = (doc: string): Root =>
    fromMarkdown(doc, {
      // GFM's first, as remark-gfm (used before remark-directive) would register them.
      extensions: [...constructsFor(doc), ...(data.micromarkExtensions ?? [])],
      mdastExtensions: (data.fromMarkdownExtensions ?? []) as never,
    });
}
