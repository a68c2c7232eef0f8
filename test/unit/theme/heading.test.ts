import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../generator/markdown/render.ts';
import { Heading } from '../../../theme/pages.ts';

const html = (props: Parameters<typeof Heading>[0]) => renderToStaticMarkup(createElement(Heading, props));

describe('headings of React pages', () => {
  it('have the markup of Markdown headings: slugged id, anchor class, a "Direct link to" link', async () => {
    const markdown = await renderMarkdown({ docId: 't', source: 'content/docs/t.md', body: '## Start Building\n\n### Server-side SDKs\n', bodyLine: 1, apiBaseUrl: '' });
    const page = html({ children: 'Start Building' }) + html({ as: 'h3', children: 'Server-side SDKs' });
    expect(page).toBe(markdown.html.replace(/\n/g, ''));
    expect(page).toContain('<h2 id="start-building" class="anchor">Start Building<a href="#start-building" class="hash-link" aria-label="Direct link to Start Building" title="Direct link to Start Building" translate="no">\u200b</a></h2>');
  });

  it('take their label from nested text, an id when given, and keep their own class', () => {
    const nested = renderToStaticMarkup(createElement(Heading, { id: 'sdks', className: 'home__title', children: null }, 'Vaultline ', createElement('em', null, 'SDKs')));
    expect(nested).toBe(
      '<h2 id="sdks" class="anchor home__title">Vaultline <em>SDKs</em><a href="#sdks" class="hash-link" aria-label="Direct link to Vaultline SDKs" title="Direct link to Vaultline SDKs" translate="no">\u200b</a></h2>',
    );
  });
});
