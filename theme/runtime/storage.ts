/**
 * localStorage (or, with `session`, sessionStorage: what is kept for the tab's session only)
 * that never throws: in iframes and private sessions merely touching it can throw. The first
 * failure is logged once; every later call quietly does nothing.
 */
let warned = false;

function area(session = false): Storage | null {
  try {
    return session ? window.sessionStorage : window.localStorage;
  } catch (err) {
    if (!warned) {
      warned = true;
      console.warn('docgen: browser storage is not available.\nPossible reasons: the site runs in an iframe, in a private browser session, or with strict privacy settings.', err);
    }
    return null;
  }
}

export function readStorage(key: string, session = false): string | null {
  try {
    return area(session)?.getItem(key) ?? null;
  } catch (err) {
    console.error(`docgen: storage error, can't get key=${key}`, err);
    return null;
  }
}

/** Writes, then tells this tab's listeners too (the native `storage` event only reaches other tabs). */
export function writeStorage(key: string, value: string | null, session = false): void {
  const store = area(session);
  if (!store) return;
  try {
    const oldValue = store.getItem(key);
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
    window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue: value, url: location.href, storageArea: store }));
  } catch (err) {
    console.error(`docgen: storage error, can't set ${key}=${value}`, err);
  }
}

/** Calls back with the new value whenever `key` changes, in this tab or another. */
export function listenStorage(key: string, onChange: (value: string | null) => void): () => void {
  const store = area();
  if (!store) return () => {};
  const handler = (event: StorageEvent) => {
    if (event.storageArea === store && event.key === key) onChange(event.newValue);
  };
  window.addEventListener('storage', handler);
  return () => window.removeEventListener('storage', handler);
}
