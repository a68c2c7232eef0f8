import type { Badge } from '../../types.ts';

/** A page's or a sidebar entry's badges; the stylesheet colours each by its label. */
export function Badges({ badges }: { badges: Badge[] }) {
  return (
    <>
      {badges.map((b) => (
        <span key={b.label} className={`badge badge--${b.label.toLowerCase()}`} title={b.tooltip}>
          {b.label}
        </span>
      ))}
    </>
  );
}
