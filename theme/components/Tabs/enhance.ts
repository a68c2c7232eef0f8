import { tabGroupKey } from '../../../common/storage.ts';
import { listenStorage, readStorage, writeStorage } from '../../runtime/storage.ts';

function tabsOf(container: Element): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(':scope > [role=tablist] > [role=tab]')];
}

/** Show the tab with `value` in one tab set; false when the set has no such tab. */
function select(container: Element, value: string): boolean {
  const tabs = tabsOf(container);
  if (!tabs.some((t) => t.dataset.value === value)) return false;
  for (const tab of tabs) {
    const on = tab.dataset.value === value;
    tab.setAttribute('aria-selected', String(on));
    tab.tabIndex = on ? 0 : -1;
    const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
    if (panel) panel.toggleAttribute('data-hidden', !on);
  }
  return true;
}

/**
 * ARIA tabs in the server-rendered article: click or arrow keys select, and tab sets sharing a
 * `groupId` switch together and remember the choice in localStorage, under `keyPrefix` (the
 * config's `storage.tabGroupPrefix`) and the group id. Returns the cleanup.
 */
export function enhanceTabs(root: HTMLElement, keyPrefix: string): () => void {
  const inGroup = (groupId: string) => root.querySelectorAll(`.tabs[data-group-id="${CSS.escape(groupId)}"]`);
  const choose = (container: Element, value: string) => {
    const groupId = (container as HTMLElement).dataset.groupId;
    if (!groupId) return select(container, value);
    inGroup(groupId).forEach((c) => select(c, value));
    writeStorage(tabGroupKey(keyPrefix, groupId), value);
  };
  const onClick = (event: MouseEvent) => {
    const tab = (event.target as Element).closest<HTMLElement>('.tabs [role=tab]');
    if (!tab || !root.contains(tab)) return;
    const container = tab.closest('.tabs')!;
    // Keep the clicked tab where it is on screen while other sets above it change height.
    const before = tab.getBoundingClientRect().top;
    choose(container, tab.dataset.value!);
    window.scrollBy(0, tab.getBoundingClientRect().top - before);
  };
  const onKey = (event: KeyboardEvent) => {
    const tab = (event.target as Element).closest<HTMLElement>('.tabs [role=tab]');
    if (!tab || !root.contains(tab)) return;
    const tabs = tabsOf(tab.closest('.tabs')!);
    const i = tabs.indexOf(tab);
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = tabs[(next + tabs.length) % tabs.length];
    target.focus();
    choose(tab.closest('.tabs')!, target.dataset.value!);
  };
  const groups = new Set([...root.querySelectorAll<HTMLElement>('.tabs[data-group-id]')].map((c) => c.dataset.groupId!));
  const unlisten = [...groups].map((groupId) => {
    const apply = (value: string | null) => value && inGroup(groupId).forEach((c) => select(c, value));
    apply(readStorage(tabGroupKey(keyPrefix, groupId)));
    return listenStorage(tabGroupKey(keyPrefix, groupId), apply);
  });
  root.addEventListener('click', onClick);
  root.addEventListener('keydown', onKey);
  return () => {
    unlisten.forEach((u) => u());
    root.removeEventListener('click', onClick);
    root.removeEventListener('keydown', onKey);
  };
}
