import type { ComponentProps, PartsDeclaration } from 'docgen';

/** Each `:::card{href="…" title="…"}` inside `::::cards` is a link with a title and a short body. */
export const parts: PartsDeclaration = { name: 'card', inline: true, links: ['href'], required: ['href'] };

/** `::::cards`: a grid of link cards. */
export default function Cards({ children, parts = [] }: ComponentProps) {
  return (
    <div className="cards">
      {children}
      {parts.map(({ props, label, children: body }, i) => {
        const external = /^https?:/.test(props.href ?? '');
        return (
          <a key={i} className="card" href={props.href || undefined} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
            <span className="card__title">{props.title ?? label ?? ''}</span>
            <span className="card__body">{body}</span>
          </a>
        );
      })}
    </div>
  );
}
