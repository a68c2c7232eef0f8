import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import type { Construct, Extension } from 'micromark-util-types';
import type { Processor } from 'unified';

/**
 * GFM's syntax constructs, each with what a text must contain for the construct to match
 * anything in it. micromark tries every construct at each character that could start one (the
 * table at every line, the e-mail autolink at every word), and most docs have no footnote or
 * strikethrough at all: leaving out what cannot match spares the parser that work.
 */
const GATED: { name: string; construct: Extension; may: RegExp }[] = [
  // Calls and definitions both open with `[^`.
  { name: 'footnote', construct: gfmFootnote(), may: /\[\^/ },
  { name: 'strikethrough', construct: gfmStrikethrough(), may: /~/ },
  // The delimiter row needs a `|`, or, for a one-column table without pipes, a colon beside a dash.
  { name: 'table', construct: gfmTable(), may: /\||:-|-:/ },
  // `[ ]`, `[x]` or `[X]`; a line ending or tab may stand for the space.
  { name: 'task list item', construct: gfmTaskListItem(), may: /\[[\t\n\r xX]{1,2}\]/ },
];

const literal = gfmAutolinkLiteral();

/** The literal autolink's constructs of these names only, at the characters they start at. */
function literalOnly(names: string[]): Extension {
  const text: Record<number, Construct | Construct[]> = {};
  for (const [code, list] of Object.entries(literal.text ?? {})) {
    const kept = [list].flat().filter((c): c is Construct => !!c && names.includes((c as Construct).name ?? ''));
    if (kept.length) text[Number(code)] = kept.length === 1 ? kept[0] : kept;
  }
  return { text };
}

/**
 * The literal autolink, split: its e-mail construct is tried at every letter and digit, and
 * `@` alone lets it in for most docs (decorators, `user@host` in code). It can only match
 * `local@domain.tld`: a local-part character, `@`, then a dot with a letter or digit after it.
 * A doc that may hold both kinds gets the extension whole: where both could match (`www.a@b.co`)
 * its own order decides.
 */
const AUTOLINKS = {
  email: { name: 'autolink literal (e-mail)', construct: literalOnly(['emailAutolink']), may: /[\w+.-]@[\w.-]*\.[A-Za-z0-9]/ },
  url: { name: 'autolink literal (URL)', construct: literalOnly(['protocolAutolink', 'wwwAutolink']), may: /www\.|https?:\/\//i },
  both: { name: 'autolink literal', construct: literal },
};

function autolinksFor(text: string): { name: string; construct: Extension }[] {
  const email = AUTOLINKS.email.may.test(text);
  const url = AUTOLINKS.url.may.test(text);
  if (email && url) return [AUTOLINKS.both];
  return email ? [AUTOLINKS.email] : url ? [AUTOLINKS.url] : [];
}

const needed = (text: string) => [...autolinksFor(text), ...GATED.filter((g) => g.may.test(text))];

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
