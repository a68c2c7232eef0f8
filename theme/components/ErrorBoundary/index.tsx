import { Component, type ReactNode } from 'react';

/** The message of an error and of each of its causes, as the crash screens print them. */
export function errorChain(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  while (current !== undefined && current !== null && parts.length < 10) {
    parts.push(current instanceof Error ? current.message : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join('\n\nCause:\n');
}

interface Props {
  children: ReactNode;
  /** What to show instead of the children once they threw. */
  fallback: (error: unknown, tryAgain: () => void) => ReactNode;
  /** Runs before "Try again" re-renders the children (e.g. to reload the page's data). */
  onReset?: () => void | Promise<void>;
  /** A new value (the next page) clears a crash without remounting the children. */
  resetKey?: string;
}

/** Catches render errors in the browser only: on the server a crash fails the build instead. */
export class ErrorBoundary extends Component<Props, { error: unknown; failed: boolean }> {
  state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ error: undefined, failed: false });
  }

  tryAgain = async () => {
    await this.props.onReset?.();
    this.setState({ error: undefined, failed: false });
  };

  render() {
    return this.state.failed ? this.props.fallback(this.state.error, this.tryAgain) : this.props.children;
  }
}

/** Inside the layout: the navbar and footer stay, the page content is replaced. */
export function ContentCrash({ error, tryAgain }: { error: unknown; tryAgain: () => void }) {
  return (
    <main id="main-content" className="crash">
      <h1>This page crashed.</h1>
      <button type="button" className="button button--primary" onClick={tryAgain}>
        Try again
      </button>
      <hr />
      <p className="crash__error">{errorChain(error)}</p>
    </main>
  );
}

/** Outermost: when the layout itself cannot render, this is all that is left. */
export function AppCrash({ error, tryAgain }: { error: unknown; tryAgain: () => void }) {
  return (
    <div className="crash crash--app">
      <h1>This page crashed</h1>
      <button type="button" className="button button--primary" onClick={tryAgain}>
        Try again
      </button>
      <p className="crash__error">{errorChain(error)}</p>
    </div>
  );
}

/** A page that could not be loaded (e.g. offline): the reason and a way to try once more. */
export function LoadError({ message, retry }: { message: string; retry: () => void }) {
  return (
    <main id="main-content" className="crash">
      <div className="load-error" role="alert">
        <p>{message}</p>
        <button type="button" className="button" onClick={retry}>
          Retry
        </button>
      </div>
    </main>
  );
}
