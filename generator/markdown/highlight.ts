import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createCssVariablesTheme, createHighlighter, createOnigurumaEngine, type BundledLanguage, type BundledTheme, type HighlighterGeneric, type WebAssemblyInstantiator } from 'shiki';
import { escapeHtml } from '../render/head.ts';
import { lineDecoration, lineNotes, splitAtWords, type LineNotes, type Segment } from './annotate.ts';
import { parseRanges } from './code.ts';
import { sharedPatternEngine } from './scanners.ts';
import type { Annotations } from './notation.ts';
import { codeToLineTokens, type LineToken } from './tokenize.ts';

/**
 * One CSS-variables theme: code is tokenized once and the stylesheet colours it per colour
 * mode, instead of tokenizing once per theme and emitting the markup twice.
 */
const theme = createCssVariablesTheme({ name: 'docgen', variablePrefix: '--shiki-', fontStyle: true });

// One highlighter per thread, created on first use; languages load as pages use them.
// Not run data: loaded code (grammars), the same for every run.
type Highlighter = HighlighterGeneric<BundledLanguage, BundledTheme>;
let highlighter: Promise<Highlighter> | undefined;

export function getHighlighter(): Promise<Highlighter> {
  // Oniguruma (WebAssembly): measured against shiki's JavaScript regex engine on the bench
  // corpus, it loads and first-tokenizes each grammar ~30% faster, which is what cold builds pay;
  // its patterns compiled once each, not once per grammar rule that can reach them.
  highlighter ??= createHighlighter({ themes: [theme], langs: [], engine: createOnigurumaEngine({ instantiator: instantiateOniguruma }).then(sharedPatternEngine) });
  return highlighter;
}

/**
 * Oniguruma's WebAssembly from the file shiki ships. Its `shiki/wasm` module holds the binary
 * gzipped in base64 and inflates it through web streams and `Response`, which makes the thread
 * load Node's whole fetch implementation (undici, HTTP/2, TLS) first.
 */
const instantiateOniguruma: WebAssemblyInstantiator = async (imports) => {
  const binary = await readFile(createRequire(import.meta.url).resolve('shiki/onig.wasm'));
  return wasm.instantiate(binary, imports);
};

/** Node's WebAssembly global, which only the DOM's type library declares. */
const wasm = (globalThis as unknown as { WebAssembly: { instantiate(bytes: Uint8Array, imports: unknown): ReturnType<WebAssemblyInstantiator> } }).WebAssembly;

interface CodeMeta {
  title?: string;
  lineNumbers: boolean;
  highlighted: Set<number>;
}

/** `title="a.js" showLineNumbers {1,3-5}` → its parts (ranges were merged by prepareCode). */
export function parseMeta(meta: string): CodeMeta {
  const title = /title="([^"]*)"/.exec(meta)?.[1];
  const highlighted = new Set(parseRanges(/\{([\d,\s-]+)\}/.exec(meta)?.[1] ?? ''));
  return { title, lineNumbers: /\bshowLineNumbers\b/.test(meta), highlighted };
}

/**
 * Token colours as one-letter classes instead of inline `style="color:var(--shiki-token-…)"`:
 * a quarter of a code-heavy page's bytes, for the same look (theme/styles/code.css).
 */
const TOKEN_CLASSES: Record<string, string> = {
  'var(--shiki-token-keyword)': 'k',
  'var(--shiki-token-constant)': 'c',
  'var(--shiki-token-string)': 's',
  'var(--shiki-token-comment)': 'm',
  'var(--shiki-token-parameter)': 'p',
  'var(--shiki-token-function)': 'f',
  'var(--shiki-token-string-expression)': 'x',
  'var(--shiki-token-punctuation)': 'u',
  'var(--shiki-token-link)': 'l',
};

/** TextMate's font-style bits (a const enum upstream, so not importable at run time). */
const FontStyle = { Italic: 1, Bold: 2, Underline: 4 } as const;

/** Opening tags by colour and font style (a few dozen, asked once per token); not run data: each is a pure function of its key. */
const tags = new Map<string, string>();

/** The opening tag of a token's span, or '' for default-coloured text (no element needed). */
function tokenTag(token: LineToken): string {
  const fs = (token.fontStyle as number | undefined) ?? 0;
  const key = fs > 0 ? `${token.color ?? ''}\0${fs}` : (token.color ?? '');
  let tag = tags.get(key);
  if (tag === undefined) tags.set(key, (tag = makeTag(token.color, fs)));
  return tag;
}

function makeTag(color: string | undefined, fs: number): string {
  const cls = color ? TOKEN_CLASSES[color] : undefined;
  const style: string[] = [];
  if (fs > 0) {
    if (fs & FontStyle.Italic) style.push('font-style:italic');
    if (fs & FontStyle.Bold) style.push('font-weight:bold');
    if (fs & FontStyle.Underline) style.push('text-decoration:underline');
  }
  if (!cls && style.length === 0) return '';
  return `<span${cls ? ` class="${cls}"` : ''}${style.length ? ` style="${style.join(';')}"` : ''}>`;
}

/** One line's tokens as HTML: adjacent tokens of the same kind share one span; marked words are `<mark>`s. */
function lineHtml(segments: Segment[]): string {
  let html = '';
  let open = '';
  let inWord = false;
  for (const { token, word } of segments) {
    const tag = tokenTag(token);
    if (word !== inWord || tag !== open) {
      if (open) html += '</span>';
      open = '';
    }
    if (word !== inWord) {
      html += word ? '<mark class="code-word">' : '</mark>';
      inWord = word;
    }
    if (tag !== open) {
      html += tag;
      open = tag;
    }
    html += escapeHtml(token.content);
  }
  return html + (open ? '</span>' : '') + (inWord ? '</mark>' : '');
}

function lineElement(tokens: LineToken[], line: number, meta: CodeMeta, notes: LineNotes | undefined): string {
  const words = notes?.words.get(line);
  const segments = words ? splitAtWords(tokens, words) : tokens.map((token) => ({ token, word: false }));
  const { attrs, mark } = lineDecoration(notes?.marks.get(line));
  return `<span class="line" data-line=""${meta.highlighted.has(line) ? ' data-highlighted-line=""' : ''}${attrs}>${mark}${lineHtml(segments)}</span>`;
}

/**
 * The site's code-block markup from shiki's tokens: a figure with an optional title, lines as
 * `span.line[data-line]` (highlighted ones marked, and what notation comments say about them),
 * tokens as classed spans.
 */
export function codeBlockHtml(lines: LineToken[][], lang: string, meta: CodeMeta, annotations?: Annotations): string {
  const notes = lineNotes(annotations);
  const body = lines.map((tokens, i) => lineElement(tokens, i + 1, meta, notes)).join('\n');
  const title = meta.title ? `<figcaption class="code-block__title">${escapeHtml(meta.title)}</figcaption>` : '';
  const code = `<code${meta.lineNumbers ? ' data-line-numbers=""' : ''}>${body}</code>`;
  const focus = notes?.focus ? ' data-has-focus=""' : '';
  return `<figure class="code-block" data-language="${escapeHtml(lang)}"${focus}>${title}<pre class="shiki" tabindex="0" data-language="${escapeHtml(lang)}">${code}</pre></figure>`;
}

/** A fenced code block as the Markdown stage leaves it for the highlighter. */
export interface CodeBlock {
  lang: string;
  meta: string;
  code: string;
  /** What its notation comments said (they are no longer in `code`). */
  annotations?: Annotations;
}

/**
 * Highlight one block with the thread's highlighter, loading its language on first use.
 * Code is highlighted apart from the Markdown pass so that one thread can do all of it: each
 * thread that highlights pays shiki's grammar warm-up (~2 s here), whatever its share of blocks.
 */
export async function highlightBlock(block: CodeBlock): Promise<string> {
  const key = `${block.lang}\0${block.meta}\0${block.code}${block.annotations ? `\0${JSON.stringify(block.annotations)}` : ''}`;
  const known = recent.get(key);
  if (known !== undefined) {
    recent.delete(key);
    recent.set(key, known);
    return known;
  }
  const html = await highlightNow(block);
  recent.set(key, html);
  if (recent.size > RECENT_BLOCKS) recent.delete(recent.keys().next().value!);
  return html;
}

/** Blocks highlighted one after the other in this thread. */
export async function highlightBlocks(blocks: readonly CodeBlock[]): Promise<string[]> {
  const html: string[] = [];
  for (const block of blocks) html.push(await highlightBlock(block));
  return html;
}

/** Code that goes through the common rules of most C-like and shell grammars: strings, numbers, comments, calls, imports. */
const WARM_UP_CODE = 'import { a } from "b";\nconst c: number = 1; // d\nfunction e(f) { return `${f}` + \'g\'; }\n{ "h": [true, null, 2.5] }\necho "$i" | grep -v j\n';

/**
 * Highlight a few lines in each of `langs`: a grammar compiles its rules' expressions the first
 * time they are used, which costs a page's first blocks in that language several times their
 * own highlighting.
 */
export async function warmUp(langs: readonly string[]): Promise<void> {
  for (const lang of langs) await highlightNow({ lang, meta: '', code: WARM_UP_CODE });
}

/**
 * The last blocks highlighted in this thread (least recently used dropped first). Saving a page
 * in `docgen dev` renders it again with most of its blocks unchanged: they come from here.
 * Not run data: the HTML is a pure function of the key (language, meta, code; the theme is fixed).
 */
const RECENT_BLOCKS = 2000;
const recent = new Map<string, string>();

async function highlightNow(block: CodeBlock): Promise<string> {
  const hl = await getHighlighter();
  let lang = block.lang;
  if (lang !== 'plaintext' && !hl.getLoadedLanguages().includes(lang)) {
    try {
      await hl.loadLanguage(lang as BundledLanguage);
    } catch {
      lang = 'plaintext';
    }
  }
  const tokens = codeToLineTokens(hl, block.code, lang, 'docgen');
  return codeBlockHtml(tokens, lang, parseMeta(block.meta), block.annotations);
}
