import { z, type ComponentProps } from 'docgen';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

/** `::endpoint{method="POST" path="/tokens"}`: an endpoint of the API, its full URL with a copy button. */
export const schema = z.object({
  method: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(METHODS)),
  path: z.string().default(''),
});

export default function Endpoint({ method, path, site }: z.infer<typeof schema> & ComponentProps) {
  const url = `${site.apiBaseUrl}${path}`;
  return (
    <div className="endpoint">
      <span className={`endpoint__method endpoint__method--${method.toLowerCase()}`}>{method}</span>
      <code className="endpoint__url">{url}</code>
      <button type="button" className="copy-button endpoint__copy" data-copy={url} aria-label={`Copy ${url}`} title="Copy">
        Copy
      </button>
    </div>
  );
}
