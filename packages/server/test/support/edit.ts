/** `xml` with the first `from` replaced by `to`; throws when `from` is not there (a test that edits nothing proves nothing). */
export function edit(xml: string, from: string | RegExp, to: string): string {
  const out = xml.replace(from, to);
  if (out === xml) throw new Error(`edit: ${String(from)} not found`);
  return out;
}
