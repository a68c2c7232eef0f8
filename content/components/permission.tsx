import type { ComponentProps } from 'docgen';

/** `:permission[token:create]`: the name of a permission an API key needs. */
export default function Permission({ children }: ComponentProps) {
  return <code className="permission">{children}</code>;
}
