import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../generator/markdown/render.ts';
import { FIXTURES } from '../../helpers.ts';
import { siteComponents } from '../markdown/site-components.ts';

/** Markdown rendered with the features fixture's components (callout, counter, kbd). */
const render = async (body: string) => renderMarkdown({ docId: 't', source: 'content/docs/t.md', body, bodyLine: 1, apiBaseUrl: 'https://api.example', components: await siteComponents(path.join(FIXTURES, 'features')) });

describe('components rendered in the Markdown walk', () => {
  it('puts a component inside another and Markdown inside both, innermost first', async () => {
    const r = await render('::::callout[Outer]\n:::callout{tone="tip"}\nInner :kbd[K].\n:::\n::::\n');
    expect(r.html).toBe(
      '<section class="callout callout--info" aria-labelledby="callout-1"><p id="callout-1" class="callout__title">Outer</p><section class="callout callout--tip" aria-labelledby="callout-2"><p id="callout-2" class="callout__title">Tip</p><p>Inner <kbd class="kbd">K</kbd>.</p></section></section>',
    );
    expect([...r.ids].sort()).toEqual(['callout-1', 'callout-2']);
    expect(r.islands).toBeUndefined();
  });

  it('wraps an island with its name and props, its Markdown kept as server HTML, and lists it', async () => {
    const r = await render(':::counter{start="3"}\nSome *text*.\n:::\n');
    expect(r.html).toContain('<div data-island="counter" data-island-props="{&quot;start&quot;:3,&quot;uid&quot;:1,');
    expect(r.html).toContain('<div data-island-children=""><p>Some <em>text</em>.</p></div>');
    expect(r.islands).toEqual(['counter']);
  });

  it('indexes a component\'s own text for search in the section it is in, besides its Markdown', async () => {
    const r = await render('## Keys\n\nPress :kbd[Esc].\n\n:::callout[Careful]\nBody.\n:::\n');
    expect(r.sections).toEqual([{ heading: 'Keys', anchor: 'keys', text: 'Press Esc. Body. Careful' }]);
  });

  it('leaves prose that looks like a text directive of no component alone', async () => {
    const r = await render('Scopes such as token:create and :nothing[here].\n');
    expect(r.html).toBe('<p>Scopes such as token:create and :nothing[here].</p>');
    expect(r.diagnostics).toEqual([]);
  });
});
