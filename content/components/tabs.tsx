import { z, type ComponentProps, type PartsDeclaration } from 'docgen';

/** Each `:::tab{label="…" value="…"}` (or `:::tab[Label]`) inside `::::tabs` is one panel. */
export const parts: PartsDeclaration = { name: 'tab' };

/** `::::tabs{groupId="lang"}`: ARIA tabs; sets sharing a groupId switch together (the theme's script). */
export const schema = z.object({ groupId: z.string().optional() });

export default function Tabs({ groupId, parts = [], uid }: z.infer<typeof schema> & ComponentProps) {
  if (parts.length === 0) throw new Error('a ::::tabs block needs at least one :::tab inside it');
  const tabs = parts.map(({ props, label: written }, i) => {
    const label = props.label ?? written ?? `Tab ${i + 1}`;
    return { label, value: props.value ?? label.toLowerCase().replace(/[^a-z0-9]+/g, '-'), tab: `tab-${uid}-${i}`, panel: `tabpanel-${uid}-${i}` };
  });
  return (
    <div className="tabs" data-group-id={groupId}>
      <div role="tablist" aria-orientation="horizontal" className="tabs__list">
        {tabs.map((t, i) => (
          <button key={i} type="button" role="tab" id={t.tab} aria-controls={t.panel} aria-selected={i === 0 ? 'true' : 'false'} tabIndex={i === 0 ? 0 : -1} data-value={t.value} className="tabs__tab">
            {t.label}
          </button>
        ))}
      </div>
      {parts.map((p, i) => (
        <div key={i} role="tabpanel" id={tabs[i].panel} aria-labelledby={tabs[i].tab} data-value={tabs[i].value} data-label={tabs[i].label} className="tabs__panel" data-hidden={i === 0 ? undefined : ''}>
          {p.children}
        </div>
      ))}
    </div>
  );
}
