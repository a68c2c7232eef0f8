import { describe, expect, it } from 'vitest';
import { announcementScript, colorModeRead, tabGroupKey } from '../../../common/storage.ts';
import { parseConfig } from '../../../generator/config/index.ts';
import { colorModeScript } from '../../../generator/render/head.ts';

/** Runs an inline head script against a stored map and returns what it set on `<html>`. */
function runHead(script: string, stored: Record<string, string>): Record<string, string> {
  const attributes: Record<string, string> = {};
  const documentElement = { setAttribute: (name: string, value: string) => (attributes[name] = value), classList: { add: () => {} } };
  const localStorage = { getItem: (key: string) => stored[key] ?? null };
  new Function('document', 'localStorage', 'matchMedia', script)({ documentElement }, localStorage, () => ({ matches: false }));
  return attributes;
}

const site = { title: 'S', url: 'https://docs.example.com' };
const custom = { colorMode: 'handbook.theme', announcementId: 'hb.bar.id', announcementDismissed: 'hb.bar.closed', tabGroupPrefix: 'hb.tab.', preferredVersion: 'hb.version' };

describe('browser storage keys', () => {
  it('default to the keys Docusaurus uses', () => {
    expect(parseConfig(site).config.storage).toEqual({
      colorMode: 'theme',
      announcementId: 'docusaurus.announcement.id',
      announcementDismissed: 'docusaurus.announcement.dismiss',
      tabGroupPrefix: 'docusaurus.tab.',
      preferredVersion: 'docs-preferred-version-default',
      searchScope: 'docgen.search.scope',
      feedbackPrefix: 'docgen.feedback.',
    });
    expect(tabGroupKey('docusaurus.tab.', 'pm')).toBe('docusaurus.tab.pm');
  });

  it('are the ones the head script reads, when the config sets its own', () => {
    const { config } = parseConfig({ ...site, storage: custom, announcementBar: { id: 'sale', content: 'x' } });
    const script = colorModeScript(config);
    expect(script).toContain("localStorage.getItem('handbook.theme')");
    expect(script).not.toContain('docusaurus');
    expect(runHead(script, { 'handbook.theme': 'light', 'hb.bar.id': 'sale', 'hb.bar.closed': 'true' })).toEqual({ 'data-theme': 'light', 'data-announcement-dismissed': 'true' });
    expect(runHead(script, { theme: 'light', 'docusaurus.announcement.id': 'sale', 'docusaurus.announcement.dismiss': 'true' })).toEqual({ 'data-theme': 'dark', 'data-announcement-dismissed': 'false' });
  });

  it('write a key as a string the inline script cannot be broken out of', () => {
    const read = colorModeRead(`it's </script>`);
    expect(read).toBe(`try{m=localStorage.getItem('it\\'s \\u003c/script>')}catch(e){}`);
    expect(runHead(`var d=document.documentElement,m;${read}d.setAttribute('data-theme',m);`, { "it's </script>": 'light' })).toEqual({ 'data-theme': 'light' });
    const bar = announcementScript({ announcementId: 'a"id', announcementDismissed: 'a.closed' }, 'x');
    expect(runHead(`var d=document.documentElement;${bar}`, { 'a"id': 'x', 'a.closed': 'true' })).toEqual({ 'data-announcement-dismissed': 'true' });
  });
});
