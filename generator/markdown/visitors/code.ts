import type { Code } from 'mdast';
import { SKIP } from 'unist-util-visit';
import { isKnownLanguage, prepareCode } from '../code.ts';
import type { Visitor } from './context.ts';

/** A fenced code block is set aside for the highlighter and left as a numbered placeholder. */
export const visitCode: Visitor<Code> = (node, index, parent, page) => {
  const lang = (node.lang ?? '').toLowerCase();
  if (lang && !isKnownLanguage(lang)) {
    page.warn(node, 'unknown language', `code block language "${node.lang}" is not supported; rendered as plain text`, 'use a language shiki knows (js, ts, shell, json, python, go, …) or "text"');
  }
  const prepared = prepareCode(node.value, node.meta ?? '');
  page.out.codeBlocks.push({ lang: !lang || !isKnownLanguage(lang) ? 'plaintext' : lang, meta: prepared.meta, code: prepared.value, ...(prepared.annotations && { annotations: prepared.annotations }) });
  parent!.children[index!] = { type: 'html', value: `<!--docgen-code:${page.out.codeBlocks.length - 1}-->` } as never;
  return SKIP;
};
