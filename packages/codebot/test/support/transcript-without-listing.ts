/**
 * A transcript as an older codebot wrote it: the deferred tools' listing line (the first
 * `deferred_tools_delta` line) taken out, the line after it hung on the listing's parent instead.
 * Older codebot versions wrote the notes but no listing.
 */
export function transcriptWithoutListing(text: string): string {
  const lines = text.split("\n").filter((line) => line !== "");
  const at = lines.findIndex((line) => line.includes('"deferred_tools_delta"'));
  const listing = JSON.parse(lines[at] as string);
  const next = JSON.parse(lines[at + 1] as string);
  lines.splice(at, 2, JSON.stringify({ ...next, parentUuid: listing.parentUuid }));
  return `${lines.join("\n")}\n`;
}
