import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { PageSource } from '../model.ts';
import type { ConfigLink } from './index.ts';

const HREF = /\shref="([^"]*)"/g;

/**
 * The links a page module (the home page…) renders, attributed to its file. A page that throws
 * here is reported by the render stage, with its own message.
 */
export function pageLinks(pages: PageSource[]): ConfigLink[] {
  return pages.flatMap((page) => {
    let html: string;
    try {
      html = renderToString(createElement(page.component));
    } catch {
      return [];
    }
    return [...new Set([...html.matchAll(HREF)].map((m) => m[1].replace(/&amp;/g, '&')))].map((url) => ({ url, file: page.source }));
  });
}
