import type { BadgeConfig } from '../config/schema.ts';
import type { Badge } from '../model.ts';

/** Badge labels as pages and sidebars show them: with the tooltip the config gives each. */
export function badgesOf(labels: readonly string[] | undefined, badges: readonly BadgeConfig[]): Badge[] {
  return (labels ?? []).map((label) => {
    const tooltip = badges.find((b) => b.label === label)?.tooltip;
    return tooltip === undefined ? { label } : { label, tooltip };
  });
}
