import * as z from 'zod';
import type { Level } from '../../common/diagnostics.ts';
import { closest } from '../links/suggest.ts';
import { badge, docsVersion, editUrl, feedback, fillVersion, headScript, searchScope, sidebar, storage } from './shape.ts';

export type { SidebarItemConfig } from './shape.ts';

/** How a class of build finding is treated: the levels of common/diagnostics.ts. */
const level = z.enum(['throw', 'warn', 'ignore']) satisfies z.ZodType<Level>;
/** A colour the stylesheet can carry as it is: a hex value, a name, or an rgb()/hsl() form. */
const cssColor = z.string().regex(/^(#[0-9a-f]{3,8}|[a-z]+|(rgb|rgba|hsl|hsla)\([\d\s.,%/]+\))$/i, 'expected a CSS colour such as "#00a4ba", "teal" or "rgb(0, 164, 186)"');

export const NAVBAR_ITEM_TYPES = [
  'default',
  'doc',
  'docSidebar',
  'docsVersion',
  'docsVersionDropdown',
  'dropdown',
  'html',
  'search',
  'localeDropdown',
] as const;

const navbarItemType = z.string().superRefine((type, ctx) => {
  if (!(NAVBAR_ITEM_TYPES as readonly string[]).includes(type) && !type.startsWith('custom-')) {
    ctx.addIssue({
      code: 'custom',
      message: `unknown navbar item type "${type}" (expected one of ${NAVBAR_ITEM_TYPES.join(', ')}, or custom-<name>)`,
    });
  }
});

const navbarLeaf = z.strictObject({
  /** Item type; `default` is a plain link (to or href). Default: "default". */
  type: navbarItemType.default('default'),
  /** Visible text. */
  label: z.string().optional(),
  /** Side of the navbar. Default: "left". */
  position: z.enum(['left', 'right']).default('left'),
  /** Internal route the item links to. */
  to: z.string().optional(),
  /** External URL; opens in a new tab. */
  href: z.string().optional(),
  /** For `doc` items: the doc id to link to. */
  docId: z.string().optional(),
  /** For `docSidebar` items: the sidebar whose first doc is linked. */
  sidebarId: z.string().optional(),
  /** For `html` items: raw HTML. */
  value: z.string().optional(),
  /** Extra class names. */
  className: z.string().optional(),
  /** Accessible label when the visible label is an icon. */
  ariaLabel: z.string().optional(),
});

const navbarItem = navbarLeaf.extend({
  /** For `dropdown` items: the entries. */
  items: z.array(navbarLeaf).optional(),
});

const logo = z.strictObject({
  /** Alt text. */
  alt: z.string(),
  /** Image for light mode. */
  src: z.string(),
  /** Image for dark mode. Default: src. */
  srcDark: z.string().optional(),
  /** Compact image on narrow screens. Default: none. */
  srcMobile: z.string().optional(),
  /** Where the logo links. Default: "/". */
  href: z.string().default('/'),
  /** Display width in px of `src`/`srcDark`, reserved before the image loads. Default: none. */
  width: z.number().positive().optional(),
  /** Display width in px of `srcMobile`. Default: none. */
  widthMobile: z.number().positive().optional(),
  /** Display height in px. Default: 32. */
  height: z.number().positive().default(32),
});

/** A colour a social card is drawn in (see ogimage/): its palette is computed, so no CSS names. */
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a #rrggbb colour');

const footerLink = z.strictObject({
  /** Visible text. */
  label: z.string(),
  /** Internal route. Default: none. */
  to: z.string().optional(),
  /** External URL, opened in a new tab. Default: none. */
  href: z.string().optional(),
});

export const configSchema = z.strictObject({
  /** The site title, used in every `<title>` after the page title. Required. */
  title: z.string().min(1),
  /** Tagline under the title. Default: "". */
  tagline: z.string().default(''),
  /** Production origin, e.g. https://docs.example.com (canonical URLs, sitemap). Required. */
  url: z.url(),
  /** Path the site is served under; starts and ends with "/". Default: "/". */
  baseUrl: z
    .string()
    .regex(/^\/(.*\/)?$/, 'must start and end with "/"')
    .default('/'),
  /** Favicon path relative to the base. Default: none. */
  favicon: z.string().optional(),
  /** Site version label, shown in the generator meta and the footer. Default: "0.0.0". */
  version: z.string().default('0.0.0'),
  /** Locales. Default: English only, left to right. */
  i18n: z
    .strictObject({
      /** Default: "en". */
      defaultLocale: z.string().default('en'),
      /** Default: ["en"]. */
      locales: z.array(z.string()).default(['en']),
      /** Text direction. Default: "ltr". */
      direction: z.enum(['ltr', 'rtl']).default('ltr'),
    })
    .prefault({}),
  /** The top bar. */
  navbar: z
    .strictObject({
      /** Text next to the logo. Default: none. */
      title: z.string().optional(),
      /** Default: none. */
      logo: logo.optional(),
      /** Hide the navbar when scrolling down. Default: false. */
      hideOnScroll: z.boolean().default(false),
      /** The items, left and right. Default: []. */
      items: z.array(navbarItem).default([]),
    })
    .prefault({}),
  /** The footer. */
  footer: z
    .strictObject({
      /** Default: "dark". */
      style: z.enum(['light', 'dark']).default('dark'),
      /** Default: none. */
      logo: logo.optional(),
      /** HTML allowed. Default: none. */
      copyright: z.string().optional(),
      /** Columns ({ title, items }) or a flat list of links. Default: []. */
      links: z.array(z.union([z.strictObject({ title: z.string(), items: z.array(footerLink) }), footerLink])).default([]),
    })
    .prefault({}),
  /** A dismissable bar above the navbar. Default: none. */
  announcementBar: z
    .strictObject({
      /** Changing the id shows the bar again to readers who dismissed it. */
      id: z.string(),
      /** HTML content. */
      content: z.string(),
      /** A CSS colour (`#00a4ba`, `rgb(…)`, `teal`): written into the stylesheet. Default: "#00a4ba". */
      backgroundColor: cssColor.default('#00a4ba'),
      /** A CSS colour. Default: "#ffffff". */
      textColor: cssColor.default('#ffffff'),
      /** Default: true. */
      isCloseable: z.boolean().default(true),
    })
    .optional(),
  /** Colour mode. */
  colorMode: z
    .strictObject({
      /** Default: "dark". */
      defaultMode: z.enum(['light', 'dark']).default('dark'),
      /** Hide the toggle. Default: false. */
      disableSwitch: z.boolean().default(false),
      /** Follow the OS preference. Default: false. */
      respectPrefersColorScheme: z.boolean().default(false),
    })
    .prefault({}),
  /** Full-text search. */
  search: z
    .strictObject({
      /** Most results shown. Default: 5. */
      maxHits: z.number().int().positive().default(5),
      /**
       * Route patterns left out of the search index, e.g. `/docs/internal/**` (`*` matches within
       * one path segment, `**` across segments). A pattern matching no page is a warning. Front
       * matter `search: false` leaves out one page. Default: [].
       */
      exclude: z.array(z.string()).default([]),
      /** Scopes the results panel offers after "All", in this order. None: no scope choice. Default: []. */
      scopes: z.array(searchScope).default([]),
    })
    .prefault({}),
  /** Heading levels in the table of contents. Default: 2 to 3. */
  tableOfContents: z
    .strictObject({
      /** Default: 2. */
      minHeadingLevel: z.number().int().min(2).max(6).default(2),
      /** Default: 3. */
      maxHeadingLevel: z.number().int().min(2).max(6).default(3),
    })
    .prefault({}),
  /** Base URL that `::endpoint` paths are shown on, e.g. https://api.example.com. Default: "". */
  apiBaseUrl: z.string().default(''),
  /**
   * The OpenAPI 3.1 description (YAML), relative to the site root, e.g. "openapi/api.yaml": its
   * operations render with `::operation{id="…"}`, examples are checked against it and it is
   * published as `/openapi.yaml` and `/openapi.json`. Default: none.
   */
  openapi: z.string().min(1).optional(),
  /** Code highlighting. */
  highlight: z
    .strictObject({
      /** Languages the site uses beyond the built-in set. Default: []. */
      extraLanguages: z.array(z.string()).default([]),
    })
    .prefault({}),
  /** A link to a page that does not exist. Default: "throw". */
  onBrokenLinks: level.default('throw'),
  /** A relative `.md` link to a file that does not exist. Default: "throw". */
  onBrokenMarkdownLinks: level.default('throw'),
  /** A `#fragment` that matches no id on the target page. Default: "warn". */
  onBrokenAnchors: level.default('warn'),
  /** Two sources producing the same route. Default: "warn". */
  onDuplicateRoutes: level.default('warn'),
  /**
   * A `javascript:`, `vbscript:` or (outside an image) `data:` URL in content; it is removed from
   * the page whatever the level. Default: "throw".
   */
  onDangerousLinks: level.default('throw'),
  /**
   * A JSON example (a fence marked `request=`/`response=`, a cURL body, an example in the
   * OpenAPI description) that does not match its operation's schema. Default: "throw".
   */
  onExampleMismatch: level.default('throw'),
  /**
   * What `docgen build` compares its routes with to find moved pages (a route gone without a
   * redirect): the production sitemap as a URL (`https://…/sitemap.xml`) or a file relative to
   * the site; `--previous` overrides it. Default: the output folder's sitemap.xml, from the last build.
   */
  previousSitemap: z.string().min(1).optional(),
  /**
   * Scripts of other sites added to every page's head after docgen's own, in this order; their
   * origins are allowed by the Content-Security-Policy. Default: [].
   */
  scripts: z.array(headScript).default([]),
  /** Where the docs are served and their versions. */
  docs: z
    .strictObject({
      /** Route of content/docs/index.md, below which every doc is served, e.g. "/handbook". Default: "/docs". */
      routeBase: z
        .string()
        .regex(/^(\/[\w.~-]+)+$/, 'must be a path such as "/docs": a "/" and a name, without a "/" at the end')
        .default('/docs'),
      /**
       * Options of each docs version by name ("current" is content/docs; older ones are listed in
       * versions.json, see `docgen version`); the dropdown lists every version, current first.
       * Default: each version's defaults.
       */
      versions: z.array(docsVersion).optional(),
      /** The product the docs describe, in older versions' banner ("documentation for <product> 1.2.0"). Default: the site's title. */
      product: z.string().optional(),
    })
    .prefault({})
    .transform(({ routeBase, versions, product }) => ({
      routeBase,
      versions: (versions ?? [{ name: 'current' }]).map((v) => fillVersion(v, routeBase)),
      ...(product === undefined ? {} : { product }),
    })),
  /**
   * The sidebars by id, in the order llms.txt lists their docs. Default: one sidebar, "defaultSidebar",
   * generated from every folder of content/docs.
   */
  sidebars: z.record(z.string(), sidebar).default({ defaultSidebar: { label: 'Docs', dir: '' } }),
  /** The badges a page, a sidebar category or `:badge[…]` may show. Default: []. */
  badges: z.array(badge).default([]),
  /** The browser storage keys, each defaulting to the one Docusaurus uses (see shape.ts). */
  storage,
  /**
   * Where each doc's "Edit this page" link goes: a URL in which `{path}` stands for the doc's
   * source file relative to the site root (`content/docs/intro.md`), e.g.
   * "https://github.com/org/docs/edit/main/{path}", or a base URL the path is appended to.
   * Default: none (no link).
   */
  editUrl: editUrl.optional(),
  /** Show when each doc last changed, from the site's git history; also the sitemap's `lastmod`. Default: false. */
  showLastUpdateTime: z.boolean().default(false),
  /** Show who last changed each doc (the author of its last commit). Default: false. */
  showLastUpdateAuthor: z.boolean().default(false),
  /** "Was this page helpful?" at the end of each doc, answered once per page by each reader. Default: none (not asked). */
  feedback: feedback.optional(),
  /**
   * Each page's Open Graph image (`og:image`, `twitter:image`): a 1200×630 PNG with its title,
   * its sidebar section and the logo, drawn at build under `/og/` and cached by content.
   */
  socialCards: z
    .strictObject({
      /** Default: false (drawing the cards costs a cold build some time). */
      enabled: z.boolean().default(false),
      /** Image at the top left: a path in content/static (SVG, PNG or JPEG). Default: the navbar logo (`srcDark`, else `src`), else the site title as text. */
      logo: z.string().optional(),
      /** `#rrggbb`. Default: "#0f1b2d". */
      background: hexColor.default('#0f1b2d'),
      /** The title's colour, `#rrggbb`. Default: "#ffffff". */
      color: hexColor.default('#ffffff'),
      /** The section label's and the bottom bar's colour, `#rrggbb`. Default: "#00d2ef". */
      accent: hexColor.default('#00d2ef'),
    })
    .prefault({}),
}).superRefine((config, ctx) => {
  // A scope naming no sidebar would always be empty: most likely a typo.
  const ids = Object.keys(config.sidebars);
  config.search.scopes.forEach((scope, i) =>
    scope.sidebars.forEach((id, j) => {
      if (ids.includes(id)) return;
      const near = closest(id, ids);
      ctx.addIssue({ code: 'custom', path: ['search', 'scopes', i, 'sidebars', j], message: `unknown sidebar "${id}"${near ? `, did you mean "${near}"?` : ''} (sidebars: ${ids.join(', ')})`, input: id });
    }),
  );
});

/** The validated configuration with every default filled in. */
export type SiteConfig = z.infer<typeof configSchema>;
/** What a site.config.ts may write (defaults optional). */
export type SiteConfigInput = z.input<typeof configSchema>;
export type NavbarItem = SiteConfig['navbar']['items'][number];
export type { Level };
export type HeadScript = SiteConfig['scripts'][number];
export type SidebarConfig = SiteConfig['sidebars'][string];
export type BadgeConfig = SiteConfig['badges'][number];
