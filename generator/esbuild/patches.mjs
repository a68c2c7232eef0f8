// @ts-check
// Changes to dependencies' code made as docgen's program bundle is built: each gives the code
// the same behaviour with less work, and leaves a file it does not recognise as it is.
import { readFile } from 'node:fs/promises';

/**
 * mdast-util-from-markdown (2.1.0; syntax-tree/mdast-util-from-markdown#46 and #52, open) calls
 * each parser event's handler with a copy of its context made by object spread. V8 copies a
 * spread property by property through a generic path, for each of the million events of a large
 * site: a third of the Markdown parser's time, with its garbage. The handlers use their context
 * only while they run (none keeps it or writes to it), so one context, declared with every field
 * and its tokenizer's `sliceSerialize` set before each call, does for all of them. The listeners
 * (`beforeEnter`, `afterExit`, which docgen does not register) get a copy as a literal instead.
 */
const CONTEXT_SPREAD = /\{\s*\.\.\.context,\s*sliceSerialize: events\[index\]\[2\]\.sliceSerialize\s*\}/g;
const CONTEXT_LITERAL =
  '{ stack: context.stack, tokenStack: context.tokenStack, config: context.config, enter: context.enter, exit: context.exit, buffer: context.buffer, resume: context.resume, data: context.data, sliceSerialize: events[index][2].sliceSerialize }';
const HANDLER_CALL = /(handler\[events\[index\]\[1\]\.type\]\.call\()\{\s*\.\.\.context,\s*sliceSerialize: events\[index\]\[2\]\.sliceSerialize\s*\}/;
const HANDLER_CONTEXT = '$1(context.sliceSerialize = events[index][2].sliceSerialize, context)';

/** The context's fields, in order, as the library declares them: the literal must copy them all. */
const CONTEXT_DECLARATION = /(const context = \{\s*stack: \[tree\],\s*tokenStack: \[\],\s*config,\s*enter,\s*exit,\s*buffer,\s*resume,\s*data)(\s*\})/;

/**
 * mdast-util-from-markdown's compiler with one context for its handlers and literal copies for
 * its listeners; the source as it is when it does not declare the context and call its handlers
 * as this expects.
 * @param {string} source
 * @returns {{ code: string; replaced: number }}
 */
export function sharedCompileContext(source) {
  if (!CONTEXT_DECLARATION.test(source) || !HANDLER_CALL.test(source)) return { code: source, replaced: 0 };
  let replaced = 1;
  const shared = source.replace(CONTEXT_DECLARATION, '$1, sliceSerialize: undefined$2').replace(HANDLER_CALL, HANDLER_CONTEXT);
  const code = shared.replace(CONTEXT_SPREAD, () => (replaced++, CONTEXT_LITERAL));
  return { code, replaced };
}

/**
 * js-yaml 3, gray-matter's YAML parser, requires esprima (a JavaScript parser several times its
 * own size) as it loads, for the `!!js/function` type only its unsafe `load` reads: gray-matter
 * calls `safeLoad`. Required on the first `!!js/function` instead, it is not compiled by every
 * process that reads front matter.
 */
const ESPRIMA_EAGER = /esprima = _require\('esprima'\);/;
const ESPRIMA_LAZY = "esprima = { parse: function () { esprima = _require('esprima'); return esprima.parse.apply(esprima, arguments); } };";

/**
 * js-yaml 3's `!!js/function` type with esprima required on first use; the source as it is
 * when it does not require esprima as this expects.
 * @param {string} source
 * @returns {{ code: string; replaced: number }}
 */
export function lazyEsprima(source) {
  if (!ESPRIMA_EAGER.test(source)) return { code: source, replaced: 0 };
  return { code: source.replace(ESPRIMA_EAGER, ESPRIMA_LAZY), replaced: 1 };
}

/**
 * micromark-util-subtokenize (2.1.0) keeps the event indexes to jump over in a plain object with
 * numeric keys, merges each content's gaps into it with `Object.assign` and asks `index in jumps`
 * for every event; such an object holds its keys as a sparse dictionary, so each gap is stored,
 * copied and looked up through V8's slow paths. It then copies every event back into the list
 * through a splice whose arguments are spread, once per pass of each doc. Together these were
 * the largest share of the Markdown parser's own time. A Map takes the jumps instead (one map, the
 * gaps written into it directly; the same keys, overwritten in the same order) and the events are
 * copied back by index: the same events in the same order.
 */
/** @type {Array<[RegExp, string]>} */
const SUBTOKENIZE_EDITS = [
  [/const jumps = \{\};(\s*let index = -1;)/, 'const jumps = new Map();$1'],
  [/while \(index in jumps\) \{\s*index = jumps\[index\];\s*\}/, 'while (jumps.has(index)) { index = jumps.get(index); }'],
  [/Object\.assign\(jumps, subcontent\(events, index\)\);\s*index = jumps\[index\];/, 'subcontent(events, index, jumps); index = jumps.get(index);'],
  [/splice\(eventsArray, 0, Number\.POSITIVE_INFINITY, events\.slice\(0\)\);/, 'const all = events.slice(0); for (let i = 0; i < all.length; i++) eventsArray[i] = all[i]; eventsArray.length = all.length;'],
  [/function subcontent\(events, eventIndex\) \{/, 'function subcontent(events, eventIndex, gaps) {'],
  [/const gaps = \{\};/, ''],
  [/gaps\[adjust \+ jumps\[index\]\[0\]\] = adjust \+ jumps\[index\]\[1\];/, 'gaps.set(adjust + jumps[index][0], adjust + jumps[index][1]);'],
];

/**
 * micromark-util-subtokenize's jumps kept in a Map and its events copied back by index; the
 * source as it is unless every edit finds its place exactly once (a partial change would mix the
 * object and the Map).
 * @param {string} source
 * @returns {{ code: string; replaced: number }}
 */
export function mappedSubtokenizeJumps(source) {
  let code = source;
  for (const [pattern, replacement] of SUBTOKENIZE_EDITS) {
    const global = new RegExp(pattern.source, 'g');
    if ((source.match(global) ?? []).length !== 1) return { code: source, replaced: 0 };
    code = code.replace(pattern, replacement);
  }
  return { code, replaced: SUBTOKENIZE_EDITS.length };
}

/** @type {import('esbuild').Plugin} */
export const dependencyPatches = {
  name: 'dependency-patches',
  setup(build) {
    build.onLoad({ filter: /[\\/]mdast-util-from-markdown[\\/]lib[\\/]index\.js$/ }, async (args) => ({
      contents: sharedCompileContext(await readFile(args.path, 'utf8')).code,
      loader: 'js',
    }));
    build.onLoad({ filter: /[\\/]micromark-util-subtokenize[\\/]index\.js$/ }, async (args) => ({
      contents: mappedSubtokenizeJumps(await readFile(args.path, 'utf8')).code,
      loader: 'js',
    }));
    build.onLoad({ filter: /[\\/]js-yaml[\\/]lib[\\/]js-yaml[\\/]type[\\/]js[\\/]function\.js$/ }, async (args) => ({
      contents: lazyEsprima(await readFile(args.path, 'utf8')).code,
      loader: 'js',
    }));
  },
};
