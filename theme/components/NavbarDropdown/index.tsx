import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';

interface Props {
  label: string;
  position: 'left' | 'right';
  mobile?: boolean;
  /** An entry is the current section: the trigger is marked and the mobile list starts expanded. */
  active?: boolean;
  className?: string;
  /** The entries, as `<li>` elements. */
  children: ReactNode;
}

/** In the mobile menu a dropdown is a collapsible list. */
function MobileDropdown({ label, active, children }: Props) {
  const [open, setOpen] = useState(!!active);
  return (
    <li className={`menu__list-item${open ? '' : ' menu__list-item--collapsed'}`}>
      <button type="button" className="menu__link menu__link--sublist" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {label}
      </button>
      {open && <ul className="menu__list">{children}</ul>}
    </li>
  );
}

/**
 * A bar dropdown: opens on hover (CSS) and on click or Enter; Escape closes it and puts focus
 * back on the trigger; focus or a press elsewhere closes it; arrow keys, Home and End move
 * through the entries.
 */
export function NavbarDropdown(props: Props) {
  const { label, position, mobile, active, className, children } = props;
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    for (const type of ['mousedown', 'touchstart', 'focusin']) document.addEventListener(type, outside);
    return () => {
      for (const type of ['mousedown', 'touchstart', 'focusin']) document.removeEventListener(type, outside);
    };
  }, [open]);

  if (mobile) return <MobileDropdown {...props} />;

  const entries = () => Array.from(root.current?.querySelectorAll<HTMLElement>('.dropdown__menu a[href], .dropdown__menu button') ?? []);
  const focusEntry = (pick: (list: HTMLElement[], at: number) => number) => {
    // The menu is `visibility: hidden` until open, and hidden elements cannot take focus.
    if (!open) flushSync(() => setOpen(true));
    const list = entries();
    const at = list.indexOf(document.activeElement as HTMLElement);
    list[Math.max(0, Math.min(list.length - 1, pick(list, at)))]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const keys: Record<string, () => void> = {
      Escape: () => {
        setOpen(false);
        trigger.current?.focus();
      },
      ArrowDown: () => focusEntry((list, at) => (at < 0 ? 0 : (at + 1) % list.length)),
      ArrowUp: () => focusEntry((list, at) => (at <= 0 ? list.length - 1 : at - 1)),
      Home: () => focusEntry(() => 0),
      End: () => focusEntry((list) => list.length - 1),
    };
    const action = keys[event.key];
    if (!action || (event.key === 'Escape' && !open)) return;
    event.preventDefault();
    action();
  };

  return (
    <div ref={root} className={`navbar__item dropdown dropdown--hoverable${position === 'right' ? ' dropdown--right' : ''}${open ? ' dropdown--show' : ''}${className ? ` ${className}` : ''}`} onKeyDown={onKeyDown}>
      <button ref={trigger} type="button" className={`navbar__link dropdown__trigger${active ? ' dropdown__trigger--active' : ''}`} aria-haspopup="true" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {label}
      </button>
      <ul className="dropdown__menu">{children}</ul>
    </div>
  );
}
