import { describe, expect, it } from 'vitest';
import { collectErrors, useRealSite } from './browser.ts';

const site = useRealSite();

// One page of each type. axe-core checks every page of the site in both colour modes: axe-all.test.ts.
const PAGES = {
  home: '/',
  guide: '/docs/guides/collect/collect-cards',
  'API page': '/docs/api/tokens/tokenize',
  'SDK page': '/docs/sdks/web/react/',
};

describe('the real site on a 320 px screen', () => {
  it('fits every page type without sideways scrolling, and hydrates without errors', async () => {
    const page = await site.browser.newPage({ viewport: { width: 320, height: 700 } });
    // The site's third-party scripts point at .example hosts, which never resolve here.
    const errors = collectErrors(page);
    for (const route of Object.values(PAGES)) {
      expect((await page.goto(`${site.url}${route}`))?.status(), route).toBe(200);
      await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
      expect(await page.evaluate(() => document.documentElement.scrollWidth), route).toBe(320);
    }
    expect(errors.filter((e) => !e.includes('ERR_NAME_NOT_RESOLVED'))).toEqual([]);
    await page.close();
  });
});
