import { slug } from 'github-slugger';
import { isValidElement, type ReactNode } from 'react';

/** The plain text of React children: the heading's id and its link's label come from it. */
function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return '';
}

export interface HeadingProps {
  as?: 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
  /** Default: the text, slugged as Markdown headings are (`Start Building` → `start-building`). */
  id?: string;
  className?: string;
  children: ReactNode;
}

/**
 * A heading of a React page (content/pages) with the anchor link doc pages give theirs: the
 * markup and classes of the Markdown renderer's headings, a link titled `Direct link to …`.
 */
export function Heading({ as: Tag = 'h2', id, className, children }: HeadingProps) {
  const text = textOf(children).trim();
  const anchor = id ?? slug(text);
  return (
    <Tag id={anchor} className={className ? `anchor ${className}` : 'anchor'}>
      {children}
      <a href={`#${anchor}`} className="hash-link" aria-label={`Direct link to ${text}`} title={`Direct link to ${text}`} translate="no">
        {'\u200b'}
      </a>
    </Tag>
  );
}
