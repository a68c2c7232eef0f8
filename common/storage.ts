/**
 * The browser storage keys the theme reads and writes, and the inline head script that reads
 * them before first paint (written by the generator, run by the browser): one spelling for both.
 */

/** The reader's colour mode (`light` or `dark`). */
export const COLOR_MODE_KEY = 'theme';

/** The reference generator's keys, so a reader's dismissal carries over from the old site. */
export const ANNOUNCEMENT_ID_KEY = 'docusaurus.announcement.id';
export const ANNOUNCEMENT_DISMISS_KEY = 'docusaurus.announcement.dismiss';

/** The tab a reader picked in the tab sets of one `groupId` (the key Docusaurus uses, so the choice carries over). */
export const tabGroupKey = (groupId: string): string => `docusaurus.tab.${groupId}`;

/** The docs version a reader picked in the version dropdown (the key Docusaurus uses). */
export const PREFERRED_VERSION_KEY = 'docs-preferred-version-default';

/** The inline head-script part that reads the stored colour mode into `m`. */
export function colorModeRead(): string {
  return `try{m=localStorage.getItem('${COLOR_MODE_KEY}')}catch(e){}`;
}

/** The inline head-script part that marks a dismissed bar before first paint. */
export function announcementScript(id: string): string {
  return `try{var a=localStorage.getItem(${JSON.stringify(ANNOUNCEMENT_ID_KEY)})===${JSON.stringify(id)}&&localStorage.getItem(${JSON.stringify(ANNOUNCEMENT_DISMISS_KEY)})==='true';d.setAttribute('data-announcement-dismissed',String(a))}catch(e){}`;
}
