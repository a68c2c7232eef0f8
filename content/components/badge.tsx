import type { ComponentProps } from 'docgen';

/** `:badge[Beta]`: one of the config's badges (its class and tooltip), or a plain badge. */
export default function Badge({ label = '', children, site }: ComponentProps) {
  const kind = label.toLowerCase();
  const badge = site.badges.find((b) => b.label.toLowerCase() === kind);
  return (
    <span className={`badge badge--${badge ? kind : 'default'}`} title={badge?.tooltip}>
      {children}
    </span>
  );
}
