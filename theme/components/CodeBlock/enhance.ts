/** The code as written: line numbers are CSS counters, so the text holds none. */
export function codeText(figure: Element): string {
  const lines = figure.querySelectorAll('code [data-line]');
  if (lines.length === 0) return figure.querySelector('code')?.textContent ?? '';
  return [...lines].map((l) => l.textContent).join('\n');
}

async function copy(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Without clipboard permission (http, some iframes) the old selection-based copy still works.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.cssText = 'position:fixed;opacity:0';
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}

const LABEL = 'Copy code to clipboard';

/**
 * A copy button on every code block of the article; endpoint URLs already carry one
 * (`data-copy`). A live region announces "Copied" to screen readers.
 */
export function enhanceCodeBlocks(root: HTMLElement): () => void {
  for (const figure of root.querySelectorAll('figure.code-block')) {
    if (figure.querySelector(':scope > .code-block__copy')) continue;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy-button code-block__copy';
    button.setAttribute('aria-label', LABEL);
    button.title = 'Copy';
    button.textContent = 'Copy';
    figure.append(button);
  }
  const status = document.createElement('span');
  status.className = 'sr-only';
  status.setAttribute('role', 'status');
  root.append(status);
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const onClick = async (event: MouseEvent) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('.copy-button');
    if (!button || !root.contains(button)) return;
    const figure = button.closest('figure.code-block');
    await copy(button.dataset.copy ?? (figure ? codeText(figure) : ''));
    button.textContent = 'Copied';
    button.classList.add('copy-button--copied');
    status.textContent = 'Copied';
    const timer = setTimeout(() => {
      timers.delete(timer);
      button.textContent = 'Copy';
      button.classList.remove('copy-button--copied');
      status.textContent = '';
    }, 1500);
    timers.add(timer);
  };
  root.addEventListener('click', onClick);
  return () => {
    root.removeEventListener('click', onClick);
    timers.forEach(clearTimeout);
    status.remove();
  };
}
