// The templates of the Hugo site the bench writes beside each corpus (see hugo.mjs): small, but
// showing what a docgen doc page shows (title, the section's pages in a sidebar, the table of
// contents, the content, previous/next), so that Hugo is timed on the same page, not a bare one.

/** Hugo's site configuration. Highlighting with CSS classes (docgen emits classes, not inline
 * styles), TOC levels of docgen's default (2–3), raw HTML left off as docgen's Markdown does. */
export const HUGO_CONFIG = `baseURL = "https://bench.docs.example/"
title = "Bench Docs"
languageCode = "en"
# docgen writes no feeds or taxonomy pages; Hugo would add one for each section.
disableKinds = ["taxonomy", "term", "RSS"]

[markup]
  [markup.goldmark.renderer]
    unsafe = false
  [markup.highlight]
    codeFences = true
    noClasses = false
    guessSyntax = false
  [markup.tableOfContents]
    startLevel = 2
    endLevel = 3
    ordered = false
`;

const SIDEBAR = `<nav class="sidebar" aria-label="Docs">
  <p class="sidebar-section"><a href="{{ .CurrentSection.RelPermalink }}">{{ .CurrentSection.Title }}</a></p>
  <ul>
  {{- range .CurrentSection.Sections.ByWeight }}
    <li class="category"><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>
  {{- end }}
  {{- $current := . }}
  {{- range .CurrentSection.RegularPages.ByWeight }}
    <li{{ if eq . $current }} class="active" aria-current="page"{{ end }}><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>
  {{- end }}
  </ul>
</nav>`;

const BASEOF = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{{ .Title }} | {{ site.Title }}</title>
  {{ with .Description }}<meta name="description" content="{{ . }}">{{ end }}
</head>
<body>
  <header class="navbar"><a href="{{ "docs/" | relURL }}">{{ site.Title }}</a></header>
  <div class="layout">
    {{ partial "sidebar.html" . }}
    <main>{{ block "main" . }}{{ end }}</main>
  </div>
</body>
</html>
`;

const TOC_AND_PAGER = `{{ with .TableOfContents }}<aside class="toc"><p>On this page</p>{{ . }}</aside>{{ end }}
  <nav class="pagination-nav" aria-label="Docs pages">
    {{ with .PrevInSection }}<a class="prev" href="{{ .RelPermalink }}">Previous<br>{{ .Title }}</a>{{ end }}
    {{ with .NextInSection }}<a class="next" href="{{ .RelPermalink }}">Next<br>{{ .Title }}</a>{{ end }}
  </nav>`;

const SINGLE = `{{ define "main" }}
<article>
  <h1>{{ .Title }}</h1>
  {{ .Content }}
  ${TOC_AND_PAGER}
</article>
{{ end }}
`;

// A folder's page: docgen generates one per category listing its items, and the corpus's own
// index.md becomes the docs section's page (its Markdown shown, like docgen's /docs/).
const LIST = `{{ define "main" }}
<article>
  <h1>{{ .Title }}</h1>
  {{ .Content }}
  <ul class="category-items">
  {{- range .Pages.ByWeight }}
    <li><a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ with .Description }}<p>{{ . }}</p>{{ end }}</li>
  {{- end }}
  </ul>
  ${TOC_AND_PAGER}
</article>
{{ end }}
`;

// Hugo leaves \`foo.md\` links as they are; docgen resolves them to the target's route, so this
// hook resolves them too (a broken one is a warning, as in docgen's link report).
const RENDER_LINK = `{{- $u := urls.Parse .Destination -}}
{{- $href := .Destination -}}
{{- if and (not $u.IsAbs) (strings.HasSuffix $u.Path ".md") -}}
  {{- $target := path.Join .Page.File.Dir $u.Path -}}
  {{- $p := site.GetPage (printf "/%s" $target) -}}
  {{- if not $p }}{{ $p = site.GetPage (printf "/%s" (strings.TrimSuffix "index.md" $target)) }}{{ end -}}
  {{- with $p -}}
    {{- $href = .RelPermalink -}}{{- with $u.Fragment }}{{ $href = printf "%s#%s" $href . }}{{ end -}}
  {{- else -}}
    {{- warnf "%s: broken link %s" $.Page.File.Path $.Destination -}}
  {{- end -}}
{{- end -}}
<a href="{{ $href | safeURL }}"{{ with .Title }} title="{{ . }}"{{ end }}>{{ .Text | safeHTML }}</a>`;

// docgen shows a fence's title="…" above the code; Hugo's own fence rendering has no title.
const RENDER_CODEBLOCK = `{{ with .Attributes.title }}<div class="code-title">{{ . }}</div>{{ end }}
{{ transform.Highlight .Inner .Type .Options }}`;

// docgen's :::note/:::tip/:::warning boxes: Hugo has no such syntax and would print the ::: lines
// as text, so writeHugoSite turns each into this shortcode, which renders the same box.
const ADMONITION = `<div class="admonition admonition-{{ .Get 0 }}" role="note">
  <p class="admonition-heading">{{ .Get 0 | title }}</p>
  <div class="admonition-content">{{ .Inner | .Page.RenderString (dict "display" "block") }}</div>
</div>`;

/** The layout files, by path under the site. */
export const HUGO_LAYOUTS = {
  'layouts/_default/baseof.html': BASEOF,
  'layouts/_default/single.html': SINGLE,
  'layouts/_default/list.html': LIST,
  'layouts/partials/sidebar.html': `${SIDEBAR}\n`,
  'layouts/_default/_markup/render-link.html': `${RENDER_LINK}\n`,
  'layouts/_default/_markup/render-codeblock.html': `${RENDER_CODEBLOCK}\n`,
  'layouts/shortcodes/admonition.html': `${ADMONITION}\n`,
  // docgen writes a 404 page too.
  'layouts/404.html': '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Page not found | {{ site.Title }}</title></head><body><h1>Page not found</h1><a href="{{ "docs/" | relURL }}">Docs</a></body></html>\n',
};
