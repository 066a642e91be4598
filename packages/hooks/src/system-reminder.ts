/**
 * Hook text shown to the model is wrapped in a `<system-reminder>` block. The hook's text is
 * escaped so it cannot close the block early or open a forged one.
 */

const TAG = /<(\/?)(system-reminder)\b/gi;

/** `<system-reminder>\n<text>\n</system-reminder>`, with any reminder tag inside the text defused. */
export function systemReminder(text: string): string {
  return `<system-reminder>\n${text.replace(TAG, "&lt;$1$2")}\n</system-reminder>`;
}
