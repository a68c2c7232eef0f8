import { Parser } from 'htmlparser2';

/**
 * URLs a page must not carry: followed or loaded, they run script in the reader's browser
 * (`javascript:`, `vbscript:`) or show a document the site did not publish (`data:`, except an
 * image's source, which cannot run script).
 */
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * The scheme that makes a URL dangerous, or undefined. The URL is read as a browser reads it:
 * spaces and control characters around it dropped, tabs and newlines anywhere removed (so
 * `jav&#x09;ascript:`, once its entity is decoded, is `javascript:`), case ignored.
 */
export function dangerousScheme(url: string, image: boolean): string | undefined {
  const seen = url.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  const scheme = SCHEME.exec(seen)?.[1].toLowerCase();
  if (scheme === 'javascript' || scheme === 'vbscript') return scheme;
  if (scheme === 'data' && !(image && /^data:image\//i.test(seen))) return scheme;
  return undefined;
}

/** Attributes whose value is loaded or followed as a URL. */
const URL_ATTRIBUTES = new Set(['href', 'xlink:href', 'src', 'srcset', 'action', 'formaction', 'poster', 'cite', 'data', 'background', 'longdesc', 'lowsrc', 'dynsrc', 'manifest', 'codebase', 'icon', 'ping', 'archive', 'classid', 'usemap']);
/** Where a URL is only ever an image: a `data:image/…` URL is fine there. */
const IMAGE_SOURCES: Record<string, Set<string>> = {
  img: new Set(['src', 'srcset']),
  source: new Set(['srcset']),
  input: new Set(['src']),
  video: new Set(['poster']),
};
/** Elements whose `target="_blank"` opens a page that could otherwise reach back to this one. */
const NEW_CONTEXT = new Set(['a', 'area']);

export interface DangerousUrl {
  url: string;
  scheme: string;
  /** Where its attribute starts in the HTML. */
  offset: number;
}

interface Attribute {
  name: string;
  value: string;
  start: number;
  end: number;
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

/** Every URL an attribute holds: a `srcset` lists several, a refresh `<meta>` one after `url=`. */
function urlsOf(tag: string, attr: Attribute, attrs: Attribute[]): string[] {
  if (attr.name === 'srcset' || attr.name === 'ping' || attr.name === 'archive') return attr.value.split(/,|\s+/).filter(Boolean);
  if (tag === 'meta' && attr.name === 'content' && attrs.some((a) => a.name === 'http-equiv' && a.value.trim().toLowerCase() === 'refresh')) {
    return [attr.value.replace(/^[^;]*;\s*(url\s*=\s*)?['"]?/i, '')];
  }
  return URL_ATTRIBUTES.has(attr.name) ? [attr.value] : [];
}

const quoted = (value: string) => `"${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`;

/** What one start tag needs: its dangerous URL attributes removed, `rel` added to a new-tab link. */
function tagEdits(tag: string, attrs: Attribute[], found: (d: DangerousUrl) => void): Edit[] {
  const edits: Edit[] = [];
  for (const attr of attrs) {
    const image = IMAGE_SOURCES[tag]?.has(attr.name) ?? false;
    for (const url of urlsOf(tag, attr, attrs)) {
      const scheme = dangerousScheme(url, image);
      if (!scheme) continue;
      found({ url, scheme, offset: attr.start });
      edits.push({ start: attr.start, end: attr.end, text: '' });
      break;
    }
  }
  const target = attrs.find((a) => a.name === 'target');
  if (NEW_CONTEXT.has(tag) && target?.value.trim().toLowerCase() === '_blank') {
    const rel = attrs.find((a) => a.name === 'rel');
    const tokens = (rel?.value ?? '').split(/\s+/).filter(Boolean);
    const missing = ['noopener', 'noreferrer'].filter((t) => !tokens.some((have) => have.toLowerCase() === t));
    if (missing.length && rel) edits.push({ start: rel.start, end: rel.end, text: `rel=${quoted([...tokens, ...missing].join(' '))}` });
    else if (missing.length) edits.push({ start: target.end, end: target.end, text: ` rel=${quoted(missing.join(' '))}` });
  }
  return edits;
}

/**
 * Raw HTML written in content, made safe to publish: attributes holding a dangerous URL are
 * removed (each reported to `found`), and `<a target="_blank">` gets `rel="noopener noreferrer"`
 * merged into its `rel`. Tags that need neither are left byte for byte as written.
 */
export function secureHtml(html: string, found: (d: DangerousUrl) => void): string {
  if (!html.includes('<')) return html;
  const edits: Edit[] = [];
  let attrs: Attribute[] = [];
  const parser = new Parser({
    onopentagname: () => {
      attrs = [];
    },
    onattribute: (name, value) => {
      attrs.push({ name, value, start: parser.startIndex, end: parser.endIndex });
    },
    onopentag: (tag) => {
      edits.push(...tagEdits(tag, attrs, found));
    },
  });
  parser.end(html);
  let out = html;
  for (const edit of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}
