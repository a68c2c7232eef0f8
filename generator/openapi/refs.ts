import { OpenApiError } from './errors.ts';
import { pointerSegments, type Segment, type YamlSource } from './source.ts';

type Json = { [key: string]: unknown };

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value a local JSON pointer names, or undefined. */
export function atPointer(root: unknown, pointer: string): unknown {
  let node = root;
  for (const segment of pointerSegments(pointer)) {
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isObject(node) && Object.hasOwn(node, segment)) node = node[segment];
    else return undefined;
  }
  return node;
}

/**
 * Every `$ref` of the document points at something in it: a reference to nothing (or to
 * another file, which the site does not publish) is an error at the place it is written.
 */
export function checkRefs(source: YamlSource): void {
  const walk = (node: unknown, path: Segment[]): void => {
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, [...path, i]));
    if (!isObject(node)) return;
    const ref = node.$ref;
    if (typeof ref === 'string') {
      // Placed only when reported: finding a place parses the YAML with its positions.
      const where = () => ({ file: source.file, ...source.place([...path, '$ref']) });
      if (!ref.startsWith('#')) throw new OpenApiError(`$ref "${ref}" points outside the description`, where(), 'keep every schema in this file, under components, and refer to it as "#/components/…"');
      if (atPointer(source.value, ref) === undefined) throw new OpenApiError(`$ref "${ref}" points at nothing`, where(), 'check the spelling against the names under components');
    }
    for (const [key, value] of Object.entries(node)) walk(value, [...path, key]);
  };
  walk(source.value, []);
}

/**
 * A copy of `node` with every local `$ref` replaced by what it names (its sibling keywords
 * kept over the target's). A reference met again inside its own expansion (a recursive
 * schema) stays a `$ref`, so the result stays finite and serialisable.
 */
export function resolveRefs(root: unknown, node: unknown, open: ReadonlySet<string> = new Set()): unknown {
  if (Array.isArray(node)) return node.map((item) => resolveRefs(root, item, open));
  if (!isObject(node)) return node;
  const ref = node.$ref;
  if (typeof ref === 'string' && ref.startsWith('#') && !open.has(ref)) {
    const { $ref: _ref, ...siblings } = node;
    const target = resolveRefs(root, atPointer(root, ref), new Set([...open, ref]));
    const rest = resolveRefs(root, siblings, open) as Json;
    return isObject(target) ? { ...target, ...rest } : target;
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, resolveRefs(root, value, open)]));
}
