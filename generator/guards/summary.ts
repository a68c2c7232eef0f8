/** `check-code: 388 json, 592 jsx, … blocks parsed; python skipped (python3 not found)`: the line `--check-code` prints. */
export function codeCheckLine(check: { checked: Record<string, number>; skipped: string[] }): string {
  const parsed = Object.entries(check.checked)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([syntax, n]) => `${n} ${syntax}`);
  const total = Object.values(check.checked).reduce((a, b) => a + b, 0);
  return `check-code: ${total} code blocks parsed${parsed.length ? ` (${parsed.join(', ')})` : ''}${check.skipped.length ? `; skipped: ${check.skipped.join(', ')}` : ''}`;
}
