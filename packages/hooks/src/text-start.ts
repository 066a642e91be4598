/**
 * The start of `text`, at most `max` UTF-16 units: never half of a character outside the BMP
 * (an emoji, a rare CJK character). Cut between its two halves, the lone half is written to the
 * terminal, and read by it, as U+FFFD (`�`).
 */
export function textStart(text: string, max: number): string {
  const last = text.charCodeAt(max - 1);
  return last >= 0xd800 && last <= 0xdbff ? text.slice(0, max - 1) : text.slice(0, max);
}
