import { describe, expect, it } from 'vitest';
import { markdownAnswer, negotiable, wantsMarkdown } from '../../../generator/serve/markdown.ts';

describe('Markdown negotiation', () => {
  it('wants Markdown when Accept names text/markdown with a weight above 0, never through a wildcard', () => {
    expect(wantsMarkdown('text/markdown')).toBe(true);
    expect(wantsMarkdown('Text/Markdown ; q=0.5, text/html')).toBe(true);
    expect(wantsMarkdown('text/html, text/markdown;q=0.1')).toBe(true);
    expect(wantsMarkdown('text/markdown;q=0')).toBe(false);
    expect(wantsMarkdown('text/markdown; q=0.000, text/html')).toBe(false);
    expect(wantsMarkdown('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe(false);
    expect(wantsMarkdown('text/*')).toBe(false);
    expect(wantsMarkdown(undefined)).toBe(false);
  });

  it('negotiates clean URLs only', () => {
    for (const p of ['/docs', '/docs/', '/docs/a', '/docs/v1.2/a/']) expect(negotiable(p), p).toBe(true);
    for (const p of ['/', '/docs/a.md', '/sitemap.xml', '/docs/v1.2/', '/assets/x.js']) expect(negotiable(p), p).toBe(false);
  });

  it('names the Markdown file published beside the page', () => {
    expect(markdownAnswer('/docs/a/', 'text/markdown')).toBe('docs/a.md');
    expect(markdownAnswer('/docs/a', 'text/markdown')).toBe('docs/a.md');
    expect(markdownAnswer('/docs/a', 'text/html')).toBeUndefined();
    expect(markdownAnswer('/a.html', 'text/markdown')).toBeUndefined();
  });
});
