import type { Page } from 'playwright-core';

export interface RingProblem {
  element: string;
  problem: string;
}

/**
 * Focuses every control Tab reaches inside `root` (after a real Tab press, so the browser draws
 * keyboard focus rings) and reports each ring that is missing, under 3:1 against the background
 * it is drawn on, or cut off by an ancestor that clips (overflow other than visible). A scroll
 * container clips only along the axes it does not scroll: there it brings the ring into view.
 */
export async function focusRingProblems(page: Page, root = 'body'): Promise<{ checked: number; problems: RingProblem[] }> {
  await page.keyboard.press('Tab');
  return page.evaluate((selector) => {
    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba => {
      const n = css.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0, 0];
      return [n[0], n[1], n[2], css.startsWith('rgba') ? n[3] : 1];
    };
    const over = (top: Rgba, under: Rgba): Rgba => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3])).concat(1) as Rgba;
    const luminance = ([r, g, b]: Rgba) =>
      [r, g, b].map((v) => v / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)).reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
    const contrast = (a: Rgba, b: Rgba) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    };
    /** The colour behind `from`: its background layers down to the first opaque one. */
    const backgroundOf = (from: Element | null): Rgba => {
      const layers: Rgba[] = [];
      for (let el = from; el; el = el.parentElement) {
        const bg = parse(getComputedStyle(el).backgroundColor);
        if (bg[3] > 0) layers.push(bg);
        if (bg[3] === 1) break;
      }
      return layers.reduceRight<Rgba>((under, top) => over(top, under), [255, 255, 255, 1]);
    };
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].join('.')} "${(el.textContent ?? '').trim().slice(0, 30) || el.getAttribute('aria-label')}"`;

    const container = document.querySelector(selector)!;
    const controls = [...container.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')].filter(
      (el) => el.tabIndex >= 0 && !el.closest('[inert]') && !(el as HTMLButtonElement).disabled && el.checkVisibility({ visibilityProperty: true }),
    );
    const problems: { element: string; problem: string }[] = [];
    for (const el of controls) {
      el.focus();
      if (document.activeElement !== el) continue;
      const style = getComputedStyle(el);
      const width = parseFloat(style.outlineWidth);
      if (style.outlineStyle === 'none' || width < 2) {
        problems.push({ element: name(el), problem: `no focus ring (outline ${style.outlineStyle} ${style.outlineWidth})` });
        continue;
      }
      const offset = parseFloat(style.outlineOffset);
      const ratio = contrast(parse(style.outlineColor), backgroundOf(offset < 0 ? el : el.parentElement));
      if (ratio < 3) problems.push({ element: name(el), problem: `ring ${style.outlineColor} at ${ratio.toFixed(2)}:1` });
      const box = el.getBoundingClientRect();
      const grow = offset + width;
      const ring = { left: box.left - grow, right: box.right + grow, top: box.top - grow, bottom: box.bottom + grow };
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
        const r = a.getBoundingClientRect();
        const clip = { left: r.left + a.clientLeft, top: r.top + a.clientTop, right: r.left + a.clientLeft + a.clientWidth, bottom: r.top + a.clientTop + a.clientHeight };
        const cutX = a.scrollWidth <= a.clientWidth + 1 && (ring.left < clip.left - 0.5 || ring.right > clip.right + 0.5);
        const cutY = a.scrollHeight <= a.clientHeight + 1 && (ring.top < clip.top - 0.5 || ring.bottom > clip.bottom + 0.5);
        if (cutX || cutY) problems.push({ element: name(el), problem: `ring clipped by ${name(a).slice(0, 60)}` });
      }
    }
    return { checked: controls.length, problems };
  }, root);
}
