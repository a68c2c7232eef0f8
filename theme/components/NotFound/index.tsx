import { useHref } from '../../runtime/base.ts';

/** The not-found page body; `docsHome` is the route of the docs' first page. */
export function NotFound({ docsHome }: { docsHome: string }) {
  const href = useHref();
  return (
    <main id="main-content" className="not-found">
      <h1>Page Not Found</h1>
      <p>We could not find what you were looking for.</p>
      <p>
        Try the <a href={href(docsHome)}>documentation home</a>, or the <a href={href('/')}>start page</a>.
      </p>
    </main>
  );
}
