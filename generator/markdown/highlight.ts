import rehypeShikiFromHighlighter from '@shikijs/rehype/core';
import type { Element, ElementContent } from 'hast';
import { createCssVariablesTheme, createHighlighter, type BundledLanguage, type BundledTheme, type HighlighterGeneric, type ShikiTransformer } from 'shiki';

/**
 * One CSS-variables theme: code is tokenized once and the stylesheet colours it per colour
 * mode, instead of tokenizing once per theme and emitting the markup twice.
 */
const theme = createCssVariablesTheme({ name: 'docgen', variablePrefix: '--shiki-', fontStyle: true });

// One highlighter per thread, created on first use; languages load as pages use them.
type Highlighter = HighlighterGeneric<BundledLanguage, BundledTheme>;
let highlighter: Promise<Highlighter> | undefined;

export function getHighlighter(): Promise<Highlighter> {
  // Oniguruma (WebAssembly): measured against shiki's JavaScript regex engine on the bench
  // corpus, it loads and first-tokenizes each grammar ~30% faster, which is what cold builds pay.
  highlighter ??= createHighlighter({ themes: [theme], langs: [] });
  return highlighter;
}

interface CodeMeta {
  title?: string;
  lineNumbers: boolean;
  highlighted: Set<number>;
}

/** `title="a.js" showLineNumbers {1,3-5}` → its parts (ranges were merged by prepareCode). */
export function parseMeta(meta: string): CodeMeta {
  const title = /title="([^"]*)"/.exec(meta)?.[1];
  const highlighted = new Set<number>();
  for (const part of /\{([\d,\s-]+)\}/.exec(meta)?.[1].split(',') ?? []) {
    const [a, b] = part.split('-').map((n) => Number.parseInt(n, 10));
    for (let i = a; i <= (Number.isNaN(b) || b === undefined ? a : b); i++) highlighted.add(i);
  }
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

export function tokenClass(style: string): { className?: string; style?: string } {
  const rest: string[] = [];
  let className: string | undefined;
  for (const decl of style.split(';')) {
    const [prop, value] = decl.split(':').map((x) => x?.trim());
    if (!prop) continue;
    if (prop === 'color' && value === 'var(--shiki-foreground)') continue;
    if (prop === 'color' && TOKEN_CLASSES[value]) className = TOKEN_CLASSES[value];
    else rest.push(`${prop}:${value}`);
  }
  return { className, style: rest.length ? rest.join(';') : undefined };
}

const markup: ShikiTransformer = {
  name: 'docgen:markup',
  span(node) {
    const style = node.properties.style;
    if (typeof style !== 'string') return;
    const { className, style: rest } = tokenClass(style);
    if (rest) node.properties.style = rest;
    else delete node.properties.style;
    if (className) node.properties.className = [className];
  },
  pre(node) {
    delete node.properties.style;
    node.properties['data-language'] = this.options.lang;
  },
  code(node) {
    const meta = parseMeta(String(this.options.meta?.__raw ?? ''));
    if (meta.lineNumbers) node.properties['data-line-numbers'] = '';
  },
  line(node, line) {
    // Default-coloured tokens need no element of their own.
    node.children = node.children.flatMap((c) => (c.type === 'element' && c.tagName === 'span' && Object.keys(c.properties).length === 0 ? c.children : [c]));
    node.properties['data-line'] = '';
    if (parseMeta(String(this.options.meta?.__raw ?? '')).highlighted.has(line)) node.properties['data-highlighted-line'] = '';
  },
  root(root) {
    const pre = root.children[0] as Element;
    const meta = parseMeta(String(this.options.meta?.__raw ?? ''));
    const caption: ElementContent[] = meta.title
      ? [{ type: 'element', tagName: 'figcaption', properties: { className: ['code-block__title'] }, children: [{ type: 'text', value: meta.title }] }]
      : [];
    root.children = [
      {
        type: 'element',
        tagName: 'figure',
        properties: { className: ['code-block'], 'data-language': this.options.lang },
        children: [...caption, pre],
      },
    ];
  },
};

/** The rehype plugin: shiki's own, fed one highlighter, with the site's code-block markup. */
export async function rehypeHighlight() {
  const hl = await getHighlighter();
  return rehypeShikiFromHighlighter(hl, {
    theme: 'docgen',
    lazy: true,
    defaultLanguage: 'plaintext',
    fallbackLanguage: 'plaintext',
    transformers: [markup],
  });
}
