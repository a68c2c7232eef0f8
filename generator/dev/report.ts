import { formatDiagnostic, formatError, formatLocation, type Diagnostic, type DocgenError } from '../errors.ts';
import type { DevEvent } from './events.ts';

type Problems = Extract<DevEvent, { type: 'problems' }>['problems'];

/** What the overlay shows: errors that stop the site, then findings at level error. */
export function overlayProblems(errors: DocgenError[], diagnostics: Diagnostic[]): Problems {
  return [
    ...errors.map((e) => ({ where: e.location ? formatLocation(e.location) : undefined, message: e.message, hint: e.hint })),
    ...diagnostics.filter((d) => d.severity === 'error').map((d) => ({ where: formatLocation(d.location), message: `${d.kind}: ${d.message}`, hint: d.hint })),
  ];
}

/**
 * Prints each problem once: a problem still there after the next change is not printed again,
 * and the moment none is left is said once.
 */
export class ProblemPrinter {
  private shown = new Set<string>();

  constructor(private readonly print: (text: string) => void) {}

  update(errors: DocgenError[], diagnostics: Diagnostic[]): void {
    const now = [...errors.map((e) => formatError(e)), ...diagnostics.map(formatDiagnostic)];
    for (const text of now) if (!this.shown.has(text)) this.print(text);
    if (this.shown.size && !now.length) this.print('no problems left');
    this.shown = new Set(now);
  }
}
