const STYLE_STANDIN = 'docgen-style';

/**
 * Runs mermaid's render with the DOM calls that would write inline styles turned into ones the
 * site's Content-Security-Policy allows: a `style` attribute goes through the CSSOM, and a
 * `<style>` element is created as an inert stand-in whose text `show` adopts as a stylesheet.
 * Restored as soon as the render settles; renders never overlap (see draw.ts).
 */
export async function withStylesThroughCssom<T>(run: () => Promise<T>): Promise<T> {
  const { setAttribute } = Element.prototype;
  const { createElement, createElementNS } = Document.prototype;
  Element.prototype.setAttribute = function (this: Element, name: string, value: string) {
    if (name.toLowerCase() === 'style' && 'style' in this) (this as HTMLElement).style.cssText = value;
    else setAttribute.call(this, name, value);
  };
  Document.prototype.createElement = function (this: Document, tag: string, options?: ElementCreationOptions) {
    return createElement.call(this, tag.toLowerCase() === 'style' ? STYLE_STANDIN : tag, options);
  } as typeof createElement;
  Document.prototype.createElementNS = function (this: Document, ns: string | null, tag: string, options?: ElementCreationOptions) {
    return tag === 'style' ? createElement.call(this, STYLE_STANDIN) : createElementNS.call(this, ns, tag, options as string);
  } as typeof createElementNS;
  try {
    return await run();
  } finally {
    Object.assign(Element.prototype, { setAttribute });
    Object.assign(Document.prototype, { createElement, createElementNS });
  }
}
