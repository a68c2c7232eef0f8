/**
 * The browser storage keys the theme reads and writes, and the inline head script that reads
 * them before first paint (written by the generator, run by the browser): both take the keys
 * from the site config's `storage` (generator/config/shape.ts), so there is one spelling.
 */

/** The keys of the config's `storage` section, every default filled in. */
export interface StorageKeys {
  /** The reader's colour mode (`light` or `dark`). */
  colorMode: string;
  /** The id of the announcement the reader last saw. */
  announcementId: string;
  /** `true` when the reader closed that announcement. */
  announcementDismissed: string;
  /** Before a tab set's `groupId`: the tab a reader picked in the sets of that group. */
  tabGroupPrefix: string;
  /** The docs version a reader picked in the version dropdown. */
  preferredVersion: string;
  /** The search scope a reader picked in the results panel (sessionStorage: for the session only). */
  searchScope: string;
  /** Before a page's route: the reader answered that page's feedback question. */
  feedbackPrefix: string;
}

/** The key of the tab a reader picked in the tab sets of one `groupId`. */
export const tabGroupKey = (prefix: string, groupId: string): string => `${prefix}${groupId}`;

/** A JavaScript string in single quotes that cannot end the inline `<script>` it is written in. */
function quoted(text: string): string {
  return `'${JSON.stringify(text).slice(1, -1).replace(/'/g, "\\'").replace(/</g, '\\u003c')}'`;
}

/** The inline head-script part that reads the colour mode stored under `key` into `m`. */
export function colorModeRead(key: string): string {
  return `try{m=localStorage.getItem(${quoted(key)})}catch(e){}`;
}

/** The inline head-script part that marks a dismissed bar before first paint. */
export function announcementScript(keys: Pick<StorageKeys, 'announcementId' | 'announcementDismissed'>, id: string): string {
  return `try{var a=localStorage.getItem(${JSON.stringify(keys.announcementId)})===${JSON.stringify(id)}&&localStorage.getItem(${JSON.stringify(keys.announcementDismissed)})==='true';d.setAttribute('data-announcement-dismissed',String(a))}catch(e){}`;
}
