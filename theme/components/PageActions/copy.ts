/**
 * The page's Markdown to the clipboard. Where the browser takes a pending item (Chromium,
 * Safari), the clipboard is written at once, inside the click's user activation, while the
 * Markdown is fetched: Safari refuses a write that follows an await.
 */
export async function copyMarkdown(url: string): Promise<void> {
  const text = fetch(url).then((res) => {
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    return res.text();
  });
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard.write) {
    try {
      const blob = text.then((t) => new Blob([t], { type: 'text/plain' }));
      await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
      return;
    } catch {
      // A browser that takes no pending item: written below once the text is there.
    }
  }
  await navigator.clipboard.writeText(await text);
}
