import type { DocgenError } from '../errors.ts';
import type { EventHub } from './events.ts';
import { overlayProblems, ProblemPrinter } from './report.ts';
import type { DevSession } from './session.ts';

/** What the terminal and the overlay show: the session's errors and findings, and pages that failed to render. */
export class Problems {
  readonly renderErrors = new Map<string, DocgenError>();
  private readonly printer: ProblemPrinter;
  private last = '[]';

  constructor(
    private readonly session: DevSession,
    private readonly hub: EventHub,
    log: (line: string) => void,
  ) {
    this.printer = new ProblemPrinter(log);
  }

  current() {
    return overlayProblems([...this.session.errors(), ...this.renderErrors.values()], this.session.diagnostics);
  }

  /** Print what is new, and tell the pages when the list changed. */
  report(): void {
    this.printer.update([...this.session.errors(), ...this.renderErrors.values()], this.session.diagnostics);
    const now = JSON.stringify(this.current());
    if (now !== this.last) this.hub.send({ type: 'problems', problems: this.current() });
    this.last = now;
  }
}
