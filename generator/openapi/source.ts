import { CORE_SCHEMA, load } from 'js-yaml';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, visit, type Document, type Node } from 'yaml';
import { OpenApiError } from './errors.ts';
import type { SourcePlace, YamlPath } from './model.ts';

/** A segment of a path into the document: a map key or a sequence index. */
export type Segment = YamlPath[number];

/** Whether a value holds one object twice (a YAML alias). */
function sharesObjects(value: unknown, seen = new Set<object>()): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (seen.has(value)) return true;
  seen.add(value);
  return Object.values(value).some((v) => sharesObjects(v, seen));
}

/** How many values a value holds once every alias is copied out (a shared object counted once per use). */
function expandedSize(value: unknown, sizes = new Map<object, number>()): number {
  if (typeof value !== 'object' || value === null) return 1;
  const known = sizes.get(value);
  if (known !== undefined) return known;
  // An object inside itself would never end.
  sizes.set(value, Infinity);
  let size = 1;
  for (const v of Object.values(value)) size += expandedSize(v, sizes);
  sizes.set(value, size);
  return size;
}

/** A copy in which no object is held twice: what `yaml` gives for an alias. */
function unshared(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(unshared);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unshared(v)]));
}

/**
 * The value of a YAML text by the faster parser (js-yaml, YAML 1.2's core schema, as `yaml`
 * reads it), or undefined when `yaml` must read it: an error to report at its place, or
 * aliases that would grow the document past its size.
 */
function quickValue(text: string): unknown {
  let value: unknown;
  try {
    value = load(text, { schema: CORE_SCHEMA });
  } catch {
    return undefined;
  }
  if (!sharesObjects(value)) return value;
  // Every value takes a character or more to write: a document its aliases make larger than
  // its text is `yaml`'s to judge, with its limit on aliases.
  return expandedSize(value) <= text.length ? unshared(value) : undefined;
}

/**
 * The description's YAML parsed with its positions kept: every finding about it (a schema
 * error, a `$ref` to nothing, an example that does not match) is reported at its line.
 */
export class YamlSource {
  readonly value: unknown;
  private parsed?: Document;
  private readonly lines = new LineCounter();

  /**
   * `value`: the document parsed before (from text known to be valid YAML). Either way the
   * document with its positions is parsed only to find a place.
   */
  constructor(
    readonly file: string,
    readonly text: string,
    value?: unknown,
  ) {
    this.value = value ?? quickValue(text) ?? this.slowValue();
  }

  /** The value by `yaml`, which limits aliases; one inside the node it names is an error (no JSON could hold it). */
  private slowValue(): unknown {
    const doc = this.doc;
    let circular: Node | undefined;
    visit(doc, {
      Alias: (_key, alias, ancestors) => {
        if (ancestors.includes(alias.resolve(doc) as never)) circular = alias;
        return circular ? visit.BREAK : undefined;
      },
    });
    if (circular) throw new OpenApiError(`invalid YAML: the alias ${String(circular)} is inside the node it names`, { file: this.file, ...this.placeOfOffset(circular.range?.[0] ?? 0) }, 'an alias repeats a node written before it, never one that contains it');
    return doc.toJS({ maxAliasCount: 1000 });
  }

  private get doc(): Document {
    if (this.parsed) return this.parsed;
    this.parsed = parseDocument(this.text, { lineCounter: this.lines, uniqueKeys: true, prettyErrors: false });
    const first = this.parsed.errors[0];
    if (first) {
      const at = this.lines.linePos(first.pos[0]);
      const message = first.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
      throw new OpenApiError(`invalid YAML: ${message}`, { file: this.file, line: at.line, column: at.col }, 'fix the YAML syntax at this place');
    }
    return this.parsed;
  }

  private placeOfOffset(offset: number): SourcePlace {
    const at = this.lines.linePos(offset);
    return { line: at.line, column: at.col };
  }

  /**
   * Where a value is written: for a map entry its key, so `paths./a.post` points at `post:`.
   * A path that goes further than the YAML (a default filled in) gives its deepest written part.
   */
  place(path: readonly Segment[]): SourcePlace {
    let node: unknown = this.doc.contents;
    let at: number = (node as Node | null)?.range?.[0] ?? 0;
    for (const segment of path) {
      if (isMap(node)) {
        const pair = node.items.find((p) => (isScalar(p.key) ? String(p.key.value) : p.key) === String(segment));
        if (!pair) break;
        at = (pair.key as Node | null)?.range?.[0] ?? at;
        node = pair.value;
      } else if (isSeq(node) && node.items[Number(segment)]) {
        node = node.items[Number(segment)];
        at = (node as Node).range?.[0] ?? at;
      } else break;
    }
    return this.placeOfOffset(at);
  }

  /** The place of a JSON pointer (`/paths/~1tokens/post`), as validators report them. */
  placeOfPointer(pointer: string): SourcePlace {
    return this.place(pointerSegments(pointer));
  }
}

/** `/paths/~1tokens/post` → ["paths", "/tokens", "post"]. */
export function pointerSegments(pointer: string): string[] {
  return pointer
    .replace(/^#/, '')
    .split('/')
    .slice(1)
    .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'));
}
