import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useHref } from '../../runtime/base.ts';
import { copyMarkdown } from './copy.ts';

/** The assistants a page can be opened in: each takes a prompt in its `q` query parameter. */
const ASSISTANTS = [
  { label: 'Open in ChatGPT', url: 'https://chatgpt.com/?hints=search&q=' },
  { label: 'Open in Claude', url: 'https://claude.ai/new?q=' },
];

function prompt(markdownUrl: string): string {
  return `Read ${markdownUrl} so I can ask questions about it.`;
}

type Copy = 'idle' | 'copied' | 'failed';
const COPY_STATUS: Record<Copy, string> = { idle: '', copied: 'Copied the page as Markdown', failed: 'Could not copy the page' };

/** Arrow keys, Home and End move between the menu's items; Escape closes it and returns to its button. */
function onMenuKey(event: KeyboardEvent<HTMLDetailsElement>) {
  const menu = event.currentTarget;
  if (!menu.open) return;
  const items = [...menu.querySelectorAll<HTMLElement>('.page-actions__item')];
  const at = items.indexOf(document.activeElement as HTMLElement);
  const to = { ArrowDown: at + 1, ArrowUp: at < 0 ? items.length - 1 : at - 1, Home: 0, End: items.length - 1 }[event.key];
  if (event.key === 'Escape') {
    menu.open = false;
    menu.querySelector('summary')?.focus();
  } else if (to !== undefined) items[(to + items.length) % items.length]?.focus();
  else return;
  event.preventDefault();
}

/** The menu closes when the reader clicks or tabs outside it. */
function useCloseOutside(ref: RefObject<HTMLDetailsElement | null>) {
  useEffect(() => {
    const close = (event: Event) => {
      const menu = ref.current;
      if (menu?.open && !menu.contains(event.target as Node)) menu.open = false;
    };
    document.addEventListener('click', close);
    document.addEventListener('focusin', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('focusin', close);
    };
  }, [ref]);
}

/**
 * A doc's actions for readers who take it elsewhere: copy its Markdown, view the published
 * `.md`, or open an assistant with a prompt that links it. A `<details>` menu, so every link
 * works without JavaScript; Copy page needs the script and is shown once it runs.
 */
export function PageActions({ markdown, markdownUrl }: { markdown: string; markdownUrl?: string }) {
  const href = useHref();
  const menu = useRef<HTMLDetailsElement>(null);
  const [scripted, setScripted] = useState(false);
  const [copy, setCopy] = useState<Copy>('idle');
  useEffect(() => setScripted(true), []);
  useEffect(() => setCopy('idle'), [markdown]);
  useCloseOutside(menu);
  const onCopy = () => {
    copyMarkdown(href(markdown)).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );
    if (menu.current) menu.current.open = false;
    menu.current?.querySelector('summary')?.focus();
  };
  return (
    <div className="page-actions">
      <details className="page-actions__menu" ref={menu} onKeyDown={onMenuKey}>
        <summary className="page-actions__button">Page actions</summary>
        <ul className="page-actions__list">
          {scripted && (
            <li>
              <button type="button" className="page-actions__item" onClick={onCopy}>Copy page</button>
            </li>
          )}
          <li>
            <a className="page-actions__item" href={href(markdown)} type="text/markdown">View as Markdown</a>
          </li>
          {markdownUrl &&
            ASSISTANTS.map((a) => (
              <li key={a.label}>
                <a className="page-actions__item" href={a.url + encodeURIComponent(prompt(markdownUrl))} target="_blank" rel="noopener noreferrer">{a.label}</a>
              </li>
            ))}
        </ul>
      </details>
      {/* Polite, without a status role of its own: the article's copy buttons announce through theirs. */}
      <div className="sr-only page-actions__status" aria-live="polite">{COPY_STATUS[copy]}</div>
    </div>
  );
}
