/**
 * Lines of a byte or text stream, read as they arrive: `for await` pulls one chunk at a
 * time, so a slow consumer pauses the producer (stdin stays in flat memory).
 * Handles `\r\n`, a UTF-8 BOM, and a last line without a newline.
 */
export async function* readLines(source: AsyncIterable<string | Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  let rest = '';
  let first = true;
  for await (const chunk of source) {
    let text = rest + (typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    if (first && text.length) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      first = false;
    }
    const parts = text.split('\n');
    rest = parts.pop() ?? '';
    for (const line of parts) yield line.endsWith('\r') ? line.slice(0, -1) : line;
  }
  rest += decoder.decode();
  if (rest.length) yield rest.endsWith('\r') ? rest.slice(0, -1) : rest;
}
