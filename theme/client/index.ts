/** Browser runtime (kept tiny until the full client router lands): the colour-mode toggle. */
function setMode(mode: 'light' | 'dark') {
  document.documentElement.setAttribute('data-theme', mode);
  try {
    localStorage.setItem('theme', mode);
  } catch {
    console.warn('docgen: storage is unavailable (iframe or private session); the colour mode will not be remembered');
  }
}

document.addEventListener('click', (event) => {
  const toggle = (event.target as Element).closest('[data-color-mode-toggle]');
  if (!toggle) return;
  setMode(document.documentElement.getAttribute('data-theme') === 'dark' ? 'light' : 'dark');
});
document.documentElement.setAttribute('data-has-hydrated', 'true');
