import { flattenSidebar } from '../../common/navigation.ts';
import { groupOf } from '../content/routes.ts';
import type { Doc, Sidebars, SiteConfig } from '../model.ts';

/** One heading of llms.txt and llms-full.txt: a sidebar's label and its docs. */
export interface DocGroup {
  label: string;
  members: Doc[];
}

/**
 * The docs under the label of the sidebar whose folder holds them, in the config's order:
 * sidebar order first (how readers meet the pages), then the docs the sidebar does not list,
 * and last the docs of no sidebar ("Other docs"). Empty groups are left out.
 */
export function docGroups(docs: Doc[], config: SiteConfig, sidebars: Sidebars): DocGroup[] {
  const groups = new Map<string | null, Doc[]>();
  for (const d of docs) {
    const group = groupOf(d.id, config.sidebars);
    const list = groups.get(group);
    if (list) list.push(d);
    else groups.set(group, [d]);
  }
  const headed = [...Object.entries(config.sidebars).map(([id, s]) => [id, s.label ?? id] as const), [null, 'Other docs'] as const];
  return headed.flatMap(([id, label]) => {
    const order = new Map(flattenSidebar((id !== null && sidebars[id]) || []).map((p, i) => [p.id, i]));
    const inGroup = (groups.get(id) ?? []).sort((a, b) => (order.get(a.id) ?? Infinity) - (order.get(b.id) ?? Infinity) || a.id.localeCompare(b.id));
    return inGroup.length ? [{ label, members: inGroup }] : [];
  });
}
