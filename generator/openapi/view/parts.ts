/** The parts of an operation a directive can show, in the order they are shown. */
export const OPERATION_PARTS = ['endpoint', 'permissions', 'request', 'responses'] as const;
export type OperationPart = (typeof OPERATION_PARTS)[number];

/** The heading each part but the endpoint line starts with. */
export const PART_TITLES: Record<OperationPart, string | undefined> = { endpoint: undefined, permissions: 'Permissions', request: 'Request', responses: 'Responses' };

/** The first of `parts` that starts with a heading. */
export function firstHeadedPart(parts: readonly OperationPart[]): OperationPart | undefined {
  return OPERATION_PARTS.find((p) => parts.includes(p) && PART_TITLES[p]);
}

/**
 * Whether a heading the page wrote just above a directive stands for the part the directive
 * starts with ("Response" for the responses): the part then adds no heading of its own.
 */
export function headingNamesPart(text: string, parts: readonly OperationPart[]): boolean {
  const first = firstHeadedPart(parts);
  const singular = (s: string) => s.trim().toLowerCase().replace(/s$/, '');
  return first !== undefined && singular(text) === singular(PART_TITLES[first]!);
}
