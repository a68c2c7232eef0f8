import type { ProblemKind } from '../common/diagnostics.ts';

/** Where a problem is: a file relative to the site root, with 1-based line and column when known. */
export interface Location {
  file: string;
  line?: number;
  column?: number;
}

/** Every failure the user should read is a DocgenError: one message, one place, one hint. */
export class DocgenError extends Error {
  readonly location?: Location;
  readonly hint?: string;
  constructor(message: string, location?: Location, hint?: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DocgenError';
    this.location = location;
    this.hint = hint;
  }
}

export class ConfigError extends DocgenError {
  override name = 'ConfigError';
}

export class ContentError extends DocgenError {
  override name = 'ContentError';
}

export class MarkdownError extends DocgenError {
  override name = 'MarkdownError';
}

export class PageModuleError extends DocgenError {
  override name = 'PageModuleError';
}

export type Severity = 'error' | 'warning';

/** A build finding that the config decides how to treat (broken link, unknown language, …). */
export interface Diagnostic {
  severity: Severity;
  /** The class of problem, e.g. "broken link": one of common/diagnostics.ts, so a misspelt one does not compile. */
  kind: ProblemKind;
  message: string;
  location: Location;
  hint?: string;
}

export function formatLocation(loc: Location): string {
  let out = loc.file;
  if (loc.line != null) out += `:${loc.line}`;
  if (loc.line != null && loc.column != null) out += `:${loc.column}`;
  return out;
}

/** The one formatter: `file:line:col kind message` and an indented hint. */
export function formatError(err: unknown, verbose = false): string {
  if (err instanceof DocgenError) {
    const where = err.location ? `${formatLocation(err.location)}: ` : '';
    let out = `error ${where}${err.message}`;
    if (err.hint) out += `\n  hint: ${err.hint}`;
    if (verbose && err.stack) out += `\n${err.stack}`;
    if (verbose && err.cause instanceof Error && err.cause.stack) out += `\ncaused by: ${err.cause.stack}`;
    return out;
  }
  if (err instanceof Error) {
    return verbose && err.stack ? `error ${err.stack}` : `error ${err.message}\n  hint: run again with --verbose for the stack trace`;
  }
  return `error ${String(err)}`;
}

/**
 * A command-line mistake as commander words it (`error: unknown option '--strct'` and a
 * `(Did you mean --strict?)` line) in the one format of docgen's messages, with a hint.
 */
export function formatUsageError(text: string): string {
  const [first, ...rest] = text.trim().split('\n');
  const what = first.replace(/^error: /, '').replace(/'([^']*)'/g, '"$1"');
  const near = /^\(Did you mean (.+)\?\)$/.exec(rest.join(' ').trim())?.[1];
  return `error ${what}${near ? `; did you mean ${near}?` : ''}\n  hint: docgen --help lists the commands, docgen <command> --help their options\n`;
}

export function formatDiagnostic(d: Diagnostic): string {
  let out = `${formatLocation(d.location)} ${d.severity} ${d.kind}: ${d.message}`;
  if (d.hint) out += `\n  hint: ${d.hint}`;
  return out;
}

/** Sort by file, line, column, then text, so reports are stable run to run. */
export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) =>
      a.location.file.localeCompare(b.location.file) ||
      (a.location.line ?? 0) - (b.location.line ?? 0) ||
      (a.location.column ?? 0) - (b.location.column ?? 0) ||
      a.message.localeCompare(b.message),
  );
}
