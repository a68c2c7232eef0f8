/** The label of the button around an image: what pressing it does, and which image. */
function zoomLabel(img: HTMLImageElement): string {
  return img.alt ? `Zoom image: ${img.alt}` : 'Zoom image';
}

/**
 * A modal dialog showing the image at its full size (up to the viewport). `showModal` gives
 * Escape and keeps focus inside; closing (Escape, the Close button, a click anywhere) removes
 * it and puts focus back on the button that opened it.
 */
function openZoom(button: HTMLButtonElement, img: HTMLImageElement): void {
  const dialog = document.createElement('dialog');
  dialog.className = 'image-zoom__dialog';
  dialog.setAttribute('aria-label', img.alt || 'Image');
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'image-zoom__close';
  close.textContent = 'Close';
  const large = document.createElement('img');
  large.src = img.currentSrc || img.src;
  large.alt = img.alt;
  large.className = 'image-zoom__image';
  dialog.append(close, large);
  dialog.addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => {
    dialog.remove();
    button.focus();
  });
  document.body.append(dialog);
  dialog.showModal();
  close.focus();
}

function wrap(img: HTMLImageElement): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'image-zoom';
  button.setAttribute('aria-label', zoomLabel(img));
  button.setAttribute('aria-haspopup', 'dialog');
  img.replaceWith(button);
  button.append(img);
  return button;
}

/**
 * Every image of the article (but those inside a link, which the reader follows) is wrapped in
 * a button that zooms it: operable by mouse and keyboard alike. Without JavaScript the image
 * is only an image: no button that does nothing.
 */
export function enhanceImageZoom(root: HTMLElement): () => void {
  const opened = new Map<HTMLButtonElement, HTMLImageElement>();
  for (const img of root.querySelectorAll('img')) {
    // Wrapped by an earlier run of this effect on the same article: only listened to again.
    const wrapped = img.parentElement?.matches('button.image-zoom') ? (img.parentElement as HTMLButtonElement) : undefined;
    if (!wrapped && img.closest('a, button')) continue;
    opened.set(wrapped ?? wrap(img), img);
  }
  const onClick = (event: MouseEvent) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('button.image-zoom');
    const img = button && opened.get(button);
    if (img) openZoom(button, img);
  };
  root.addEventListener('click', onClick);
  return () => {
    root.removeEventListener('click', onClick);
    document.querySelectorAll<HTMLDialogElement>('dialog.image-zoom__dialog').forEach((d) => d.close());
  };
}
