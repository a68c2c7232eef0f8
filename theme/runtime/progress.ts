/**
 * The thin bar at the top of the window during a slow navigation. It only appears when the
 * page takes longer than 200 ms to load, so fast navigations never flash it.
 */
const DELAY_MS = 200;

let timer: ReturnType<typeof setTimeout> | undefined;
let trickle: ReturnType<typeof setInterval> | undefined;
let bar: HTMLElement | null = null;

function show() {
  bar = document.createElement('div');
  bar.className = 'progress-bar';
  bar.setAttribute('role', 'progressbar');
  bar.setAttribute('aria-label', 'Loading page');
  bar.style.transform = 'scaleX(0.08)';
  document.body.append(bar);
  let amount = 0.08;
  trickle = setInterval(() => {
    amount += (0.95 - amount) * 0.1;
    if (bar) bar.style.transform = `scaleX(${amount})`;
  }, 200);
}

export function startProgress(): void {
  stopProgress();
  timer = setTimeout(show, DELAY_MS);
}

export function stopProgress(): void {
  clearTimeout(timer);
  clearInterval(trickle);
  const done = bar;
  bar = null;
  if (!done) return;
  done.style.transform = 'scaleX(1)';
  done.style.opacity = '0';
  setTimeout(() => done.remove(), 300);
}
