import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { OpenApiError } from './errors.ts';
import type { SourcePlace } from './model.ts';

/** A segment of a path into the document: a map key or a sequence index. */
export type Segment = string | number;

/**
 * The description's YAML parsed with its positions kept: every finding about it (a schema
 * error, a `$ref` to nothing, an example that does not match) is reported at its line.
 */
export class YamlSource {
  readonly value: unknown;
  private parsed?: Document;
  private readonly lines = new LineCounter();

  /** `value`: the document parsed before (from text known to be valid YAML), so it is parsed again only to find a place. */
  constructor(
    readonly file: string,
    readonly text: string,
    value?: unknown,
  ) {
    this.value = value === undefined ? this.doc.toJS({ maxAliasCount: 1000 }) : value;
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
