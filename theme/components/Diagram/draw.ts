import { MERMAID_ENTRY, mermaidFolder } from '../../../common/diagrams.ts';
import { withStylesThroughCssom } from './csp.ts';

/** The part of mermaid's API the theme uses. */
interface Mermaid {
  initialize(config: object): void;
  render(id: string, text: string): Promise<{ svg: string }>;
}

let loaded: Promise<Mermaid> | undefined;

/** mermaid's own browser build, published beside the site by the build (generator/diagrams). */
function load(base: string): Promise<Mermaid> {
  // Imported here, not at the top: the theme's server half (bundled with packages left out)
  // must not import a JSON module, and needs no version.
  loaded ??= import('mermaid/package.json', { with: { type: 'json' } })
    .then(({ default: pkg }) => import(`${base}${mermaidFolder(pkg.version)}${MERMAID_ENTRY}`) as Promise<{ default: Mermaid }>)
    .then((m) => m.default);
  // A failed load (offline, say) is tried again by the next drawing rather than remembered.
  loaded.catch(() => (loaded = undefined));
  return loaded;
}

let counter = 0;
let queue: Promise<void> = Promise.resolve();

/** Each figure's own stylesheet (mermaid scopes its rules by the drawing's id), replaced on redraw. */
const sheets = new WeakMap<HTMLElement, CSSStyleSheet>();

function adopt(figure: HTMLElement, css: string): void {
  const old = sheets.get(figure);
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  sheets.set(figure, sheet);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets.filter((s) => s !== old), sheet];
}

const ENTITIES: Record<string, string> = { '&quot;': '"', '&amp;': '&', '&lt;': '<', '&gt;': '>', '&#39;': "'" };
const decode = (text: string) => text.replace(/&(?:quot|amp|lt|gt|#39);/g, (e) => ENTITIES[e]);

/**
 * The SVG put in the page without inline styles, which the site's Content-Security-Policy
 * refuses even in a parsed-only document: before parsing, mermaid's `<style>` is cut out to
 * become an adopted stylesheet and each `style` attribute is renamed, to be set through the
 * CSSOM, which the policy does not govern. The drawing is one image named by the figure's
 * caption; its text stays readable in the source below it.
 */
function show(figure: HTMLElement, svgText: string): void {
  const css: string[] = [];
  const styles: string[] = [];
  const text = svgText
    .replace(/<(style|docgen-style)>([\s\S]*?)<\/\1>/g, (_m, _tag, rules: string) => (css.push(decode(rules)), ''))
    .replace(/ style="([^"]*)"/g, (_m, value: string) => ` data-docgen-style="${styles.push(decode(value)) - 1}"`);
  const svg = new DOMParser().parseFromString(`<!doctype html><body>${text}`, 'text/html').body.querySelector('svg');
  if (!svg) throw new Error('mermaid gave no SVG');
  adopt(figure, css.join('\n'));
  for (const name of ['role', 'aria-roledescription', 'aria-labelledby', 'aria-describedby']) svg.removeAttribute(name);
  svg.setAttribute('aria-hidden', 'true');
  const drawing = document.createElement('div');
  drawing.className = 'diagram__drawing';
  drawing.setAttribute('role', 'img');
  drawing.setAttribute('aria-label', figure.querySelector('.diagram__title')?.textContent || 'Diagram; its source follows');
  drawing.append(document.importNode(svg, true));
  for (const el of drawing.querySelectorAll<SVGElement | HTMLElement>('[data-docgen-style]')) {
    el.style.cssText = styles[Number(el.getAttribute('data-docgen-style'))];
    el.removeAttribute('data-docgen-style');
  }
  const previous = figure.querySelector(':scope > .diagram__drawing');
  if (previous) previous.replaceWith(drawing);
  else {
    figure.querySelector('.diagram__source')?.before(drawing);
    // Drawn: the source folds away behind its summary, still there for whoever wants the text.
    figure.querySelector<HTMLDetailsElement>('details.diagram__source')?.removeAttribute('open');
  }
}

/** The figures' stylesheets dropped from the document, once their article is replaced. */
export function releaseDiagrams(figures: HTMLElement[]): void {
  const gone = new Set(figures.map((f) => sheets.get(f)));
  document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => !gone.has(s));
}

async function drawAll(figures: HTMLElement[], base: string, live: () => boolean): Promise<void> {
  const mermaid = await load(base);
  const dark = document.documentElement.getAttribute('data-theme') === 'dark';
  // SVG text labels rather than HTML ones: HTML labels carry inline styles mermaid writes as
  // markup. 'loose': 'strict' passes the finished SVG through DOMPurify, whose parse of its
  // style attributes the policy refuses; the source is the writer's, trusted as their Markdown
  // (raw HTML included) is.
  mermaid.initialize({ startOnLoad: false, securityLevel: 'loose', suppressErrorRendering: true, theme: dark ? 'dark' : 'default', htmlLabels: false, flowchart: { htmlLabels: false }, fontFamily: getComputedStyle(document.body).fontFamily });
  for (const figure of figures) {
    if (!live() || !figure.isConnected) return;
    const source = figure.querySelector('.diagram__source code')?.textContent ?? '';
    try {
      const { svg } = await withStylesThroughCssom(() => mermaid.render(`docgen-diagram-${++counter}`, source));
      // Left meanwhile: nothing is shown, so no stylesheet outlives its article.
      if (!live() || !figure.isConnected) return;
      show(figure, svg);
      figure.dataset.drawn = dark ? 'dark' : 'light';
    } catch (err) {
      // The source stays open as the reader's view of it.
      console.error('docgen: a diagram could not be drawn', err);
    }
  }
}

/** Draw the figures' diagrams (one at a time across calls: mermaid's render keeps global state) in the current colour mode. */
export function drawDiagrams(figures: HTMLElement[], base: string, live: () => boolean): Promise<void> {
  // Without mermaid the sources stay open, as the reader's view of the diagrams.
  queue = queue.then(() => drawAll(figures, base, live)).catch((err) => console.error('docgen: diagrams could not be drawn', err));
  return queue;
}
