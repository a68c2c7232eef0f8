/**
 * The kinds of problem a build reports, shared by the stages that find them and the level table
 * that decides how each is treated: a misspelt kind does not compile.
 */
export const PROBLEM_KINDS = [
  'broken link',
  'broken markdown link',
  'broken anchor',
  'link to redirect',
  'duplicate route',
  'dangerous link',
  'unknown language',
  'directive',
  'search exclude',
  'broken redirect',
  'redirect conflict',
  'redirect loop',
  'redirect chain',
  'mismatched example',
  'version link',
  'diagram',
  'moved page',
  'code syntax error',
] as const;

export type ProblemKind = (typeof PROBLEM_KINDS)[number];

/** The config keys that set a kind's level (`throw`, `warn` or `ignore`). */
export type LevelKey = 'onBrokenLinks' | 'onBrokenMarkdownLinks' | 'onBrokenAnchors' | 'onDuplicateRoutes' | 'onDangerousLinks' | 'onExampleMismatch';

export type Level = 'throw' | 'warn' | 'ignore';

/** Which config key sets the level of a kind; kinds not listed keep the severity they were found with. */
export const LEVEL_KEYS = {
  'broken link': 'onBrokenLinks',
  'broken markdown link': 'onBrokenMarkdownLinks',
  'broken anchor': 'onBrokenAnchors',
  'duplicate route': 'onDuplicateRoutes',
  'dangerous link': 'onDangerousLinks',
  'mismatched example': 'onExampleMismatch',
} as const satisfies Partial<Record<ProblemKind, LevelKey>>;

export type LevelledKind = keyof typeof LEVEL_KEYS;
