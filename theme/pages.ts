/**
 * What React pages (content/pages) import as `docgen/components`: theme components made for
 * them. Apart from `docgen` so that the site's config module does not load React.
 */
export { Heading, type HeadingProps } from './components/Heading/index.tsx';
