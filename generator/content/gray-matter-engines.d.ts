/** gray-matter's parsers by language (the package types only its main module). */
declare module 'gray-matter/lib/engines.js' {
  const engines: { yaml: { parse(text: string): unknown } };
  export default engines;
}
