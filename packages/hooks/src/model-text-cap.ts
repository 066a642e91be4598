/**
 * Hook text that reaches the model (a block reason, validation feedback) is capped like a tool's
 * output (the bash tool keeps 30,000 characters): the head and the tail are kept — the end of a
 * log says why it failed — and the cut is counted in between. A hook's stderr may be a megabyte.
 */
export const MODEL_TEXT_LIMIT = 30_000;

export function capForModel(text: string, limit = MODEL_TEXT_LIMIT): string {
  if (text.length <= limit) return text;
  const half = Math.floor(limit / 2);
  const cut = text.length - limit;
  return `${text.slice(0, half)}\n[… ${cut} characters of output cut …]\n${text.slice(text.length - (limit - half))}`;
}
