import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../generator/markdown/render.ts';
import { siteComponents } from './site-components.ts';
import { dangerousScheme, secureHtml, type DangerousUrl } from '../../../generator/markdown/safety.ts';

const render = async (body: string) => renderMarkdown({ docId: 't', source: 'content/docs/t.md', body, bodyLine: 3, apiBaseUrl: '', components: await siteComponents() });

function secure(html: string): { html: string; found: DangerousUrl[] } {
  const found: DangerousUrl[] = [];
  return { html: secureHtml(html, (d) => found.push(d)), found };
}

describe('dangerous URLs', () => {
  it('are read as a browser reads them: any case, spaces and controls around, tabs and newlines inside', () => {
    for (const url of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' \u0001javascript:x', 'jav\tascript:x', 'java\nscript:x', 'vbscript:msgbox', 'data:text/html,<script>x</script>', 'DATA:image/svg+xml,x']) {
      expect(dangerousScheme(url, false), url).toBeDefined();
    }
    for (const url of ['https://x.example/', '/docs/javascript:x', './javascript.md', '#javascript:', 'mailto:a@b.example', 'jav%09ascript:x', 'javascriptx']) {
      expect(dangerousScheme(url, false), url).toBeUndefined();
    }
    expect(dangerousScheme(' data:image/png;base64,AAAA', true)).toBeUndefined();
    expect(dangerousScheme('data:text/html,x', true)).toBe('data');
  });

  it('are removed from raw HTML attributes, entity-encoded or unquoted, and reported where they are', () => {
    const html = '<p>x <a HREF = "jav&#x09;ascript:alert(1)" title="t">y</a><img src=vbscript:1 alt="i"><form action="&#106;avascript&colon;x"><button formaction="javascript:x">b</button></form><iframe src="data:text/html,hi"></iframe></p>';
    const out = secure(html);
    expect(out.html).toBe('<p>x <a  title="t">y</a><img  alt="i"><form ><button >b</button></form><iframe ></iframe></p>');
    expect(out.found.map((d) => [d.scheme, d.url, html.slice(d.offset, d.offset + 4).toLowerCase()])).toEqual([
      ['javascript', 'jav\tascript:alert(1)', 'href'],
      ['vbscript', 'vbscript:1', 'src='],
      ['javascript', 'javascript:x', 'acti'],
      ['javascript', 'javascript:x', 'form'],
      ['data', 'data:text/html,hi', 'src='],
    ]);
  });

  it('keep data: images in image sources, and leave every other tag byte for byte', () => {
    const html = `<img src="data:image/png;base64,AAAA" alt=''>\n<picture><source srcset="data:image/webp;base64,AA 2x, /a.png 1x"></picture><a href='/docs/x' class=k>ok</a>`;
    expect(secure(html)).toEqual({ html, found: [] });
    expect(secure('<a href="data:image/png;base64,AAAA">x</a>').html).toBe('<a >x</a>');
    expect(secure('<meta http-equiv="refresh" content="0; url=javascript:alert(1)">').html).toBe('<meta http-equiv="refresh" >');
    expect(secure('<svg><a xlink:href="javascript:x"><text>t</text></a></svg>').html).toBe('<svg><a ><text>t</text></a></svg>');
  });

  it('gives a new-tab link rel="noopener noreferrer", merged with the rel it has', () => {
    expect(secure('<a href="https://x.example" target="_blank">x</a>').html).toBe('<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>');
    expect(secure('<a target=_BLANK rel="nofollow noopener" href="/x">x</a>').html).toBe('<a target=_BLANK rel="nofollow noopener noreferrer" href="/x">x</a>');
    expect(secure('<a target="_blank" rel="noreferrer NoOpener">x</a>').html).toBe('<a target="_blank" rel="noreferrer NoOpener">x</a>');
    expect(secure('<a target="_self" href="/x">x</a>').html).toBe('<a target="_self" href="/x">x</a>');
  });
});

describe('dangerous URLs in Markdown', () => {
  it('are reported at file:line:column as errors and published without the URL, text kept', async () => {
    const r = await render(
      '[run](javascript:alert(1)) and <JAVASCRIPT:alert(2)>\n\n![pic](vbscript:x) ![ok](data:image/png;base64,AAAA)\n\n[ref][bad]\n\n[bad]: jav&#x09;ascript:alert(3)\n\nText <a href="data:text/html,x" target="_blank">raw</a>\n',
    );
    expect(r.html).toContain('<a>run</a> and <a>JAVASCRIPT:alert(2)</a>');
    expect(r.html).toContain('<img alt="pic"> <img src="data:image/png;base64,AAAA" alt="ok">');
    expect(r.html).toContain('<a>ref</a>');
    expect(r.html).toContain('<a  target="_blank" rel="noopener noreferrer">raw</a>');
    expect(r.html).not.toMatch(/(href|src)=["']?[^"']*(javascript|vbscript|text\/html)/i);
    expect(r.diagnostics.map((d) => [d.severity, d.kind, `${d.location.line}:${d.location.column}`, d.message])).toEqual([
      ['error', 'dangerous link', '3:1', '"javascript:alert(1)" is a javascript: URL, which runs script when followed; it was removed from the page'],
      ['error', 'dangerous link', '3:32', '"JAVASCRIPT:alert(2)" is a javascript: URL, which runs script when followed; it was removed from the page'],
      ['error', 'dangerous link', '5:1', '"vbscript:x" is a vbscript: URL, which runs script when followed; it was removed from the page'],
      ['error', 'dangerous link', '9:1', '"jav\\tascript:alert(3)" is a javascript: URL, which runs script when followed; it was removed from the page'],
      ['error', 'dangerous link', '11:9', '"data:text/html,x" is a data: URL outside an image; it was removed from the page'],
    ]);
    expect(r.links.map((l) => l.url)).toEqual(['data:image/png;base64,AAAA']);
  });

  it('in a card are reported and leave the card without its href', async () => {
    const r = await render('::::cards\n:::card{href="javascript:alert(1)" title="Go"}\nBody.\n:::\n::::\n');
    expect(r.html).toContain('<a class="card"><span class="card__title">Go</span>');
    expect(r.diagnostics.map((d) => [d.kind, d.location.line])).toEqual([['dangerous link', 4]]);
  });
});
