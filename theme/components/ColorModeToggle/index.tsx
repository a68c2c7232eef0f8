import { useEffect, useState } from 'react';
import { useIsBrowser } from '../../runtime/hooks.ts';
import { listenStorage, writeStorage } from '../../runtime/storage.ts';
import type { ThemeConfig } from '../../types.ts';

type Mode = 'light' | 'dark';

function apply(mode: Mode) {
  document.documentElement.setAttribute('data-theme', mode);
}

/**
 * The mode lives on `<html data-theme>`, set before first paint by the inline head script;
 * React reads it back after mount and follows changes made in other tabs.
 */
function useColorMode({ defaultMode, respectPrefersColorScheme }: ThemeConfig['colorMode'], key: string): [Mode, () => void] {
  const [mode, setMode] = useState<Mode>(defaultMode);
  useEffect(() => {
    setMode(document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light');
    const fallback = (): Mode => (respectPrefersColorScheme ? (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light') : defaultMode);
    // A cleared key (another tab, devtools) falls back like a first visit.
    return listenStorage(key, (value) => {
      const next = value === 'light' || value === 'dark' ? value : fallback();
      apply(next);
      setMode(next);
    });
  }, [defaultMode, respectPrefersColorScheme, key]);
  const toggle = () => {
    const next = mode === 'dark' ? 'light' : 'dark';
    apply(next);
    setMode(next);
    writeStorage(key, next);
  };
  return [mode, toggle];
}

/**
 * Sun and moon; the stylesheet shows the one matching `data-theme`, correct before hydration.
 * `storageKey` is the config's `storage.colorMode`.
 */
export function ColorModeToggle({ colorMode, storageKey, className }: { colorMode: ThemeConfig['colorMode']; storageKey: string; className?: string }) {
  const [mode, toggle] = useColorMode(colorMode, storageKey);
  const ready = useIsBrowser();
  if (colorMode.disableSwitch) return null;
  const label = `Switch between dark and light mode (currently ${mode} mode)`;
  return (
    <button type="button" className={`color-mode-toggle${className ? ` ${className}` : ''}`} data-color-mode-toggle="" aria-label={label} title={label} aria-live="polite" disabled={!ready} onClick={toggle}>
      <svg className="color-mode-toggle__icon color-mode-toggle__icon--light" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path fill="currentColor" d="M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zM2 13h2a1 1 0 0 0 0-2H2a1 1 0 0 0 0 2zm18 0h2a1 1 0 0 0 0-2h-2a1 1 0 0 0 0 2zM11 2v2a1 1 0 0 0 2 0V2a1 1 0 0 0-2 0zm0 18v2a1 1 0 0 0 2 0v-2a1 1 0 0 0-2 0zM5.99 4.58a1 1 0 1 0-1.41 1.41l1.06 1.06a1 1 0 1 0 1.41-1.41L5.99 4.58zm12.37 12.37a1 1 0 1 0-1.41 1.41l1.06 1.06a1 1 0 1 0 1.41-1.41l-1.06-1.06zm1.06-10.96a1 1 0 1 0-1.41-1.41l-1.06 1.06a1 1 0 1 0 1.41 1.41l1.06-1.06zM7.05 18.36a1 1 0 1 0-1.41-1.41l-1.06 1.06a1 1 0 1 0 1.41 1.41l1.06-1.06z" />
      </svg>
      <svg className="color-mode-toggle__icon color-mode-toggle__icon--dark" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path fill="currentColor" d="M9.37 5.51A7.35 7.35 0 0 0 9.1 7.5c0 4.08 3.32 7.4 7.4 7.4.68 0 1.35-.09 1.99-.27A7.014 7.014 0 0 1 12 19c-3.86 0-7-3.14-7-7 0-2.93 1.81-5.45 4.37-6.49zM12 3a9 9 0 1 0 9 9c0-.46-.04-.92-.1-1.36a5.389 5.389 0 0 1-4.4 2.26 5.403 5.403 0 0 1-3.14-9.8c-.44-.06-.9-.1-1.36-.1z" />
      </svg>
    </button>
  );
}
