import { visible } from "../../approval/visible-text.js";
import type { RestoreOutcome } from "../../session/rewind/checkpoint-store.js";
import type { RewindChoice, RewindPoint } from "../../session/rewind/rewind.js";
import { errorMessage } from "../cli-error.js";
import type { Styles } from "../output/styles.js";
import { RewindOptions } from "./rewind-options.js";
import { RewindPicker, shownPath } from "./rewind-picker.js";
import type { SlashContext } from "./slash-context.js";

/**
 * `/rewind` (and Esc Esc on an empty prompt): pick a prompt of the conversation, then what to
 * restore to the point before it (session/rewind/). The conversation rewound, its prompt is put
 * back in the input, as claude 2.1.328 does (recorded). No hook fires (claude's fires none).
 */
export async function rewindCommand(ctx: SlashContext): Promise<void> {
  const s = ctx.styles;
  const { cwd } = ctx.runtime;
  const points = ctx.runtime.rewindPoints();
  if (points.length === 0)
    return void ctx.print(s.dim("nothing to rewind: no prompt in this conversation yet"));
  if (!ctx.choose)
    return void ctx.print(s.red("/rewind needs a terminal: its picker is moved through by keys"));
  const point = await ctx.choose(new RewindPicker(points, s, cwd, ctx.columns, ctx.rows));
  if (point === undefined) return;
  const choice = await ctx.choose(new RewindOptions(point, s, cwd));
  if (choice === undefined) return;
  if (choice.summarize) return summarize(ctx, point, choice.summarize);
  let outcome: RestoreOutcome | undefined;
  try {
    outcome = ctx.runtime.rewind(point, choice);
  } catch (error) {
    return void ctx.print(s.red(errorMessage(error)));
  }
  const first = visible(point.text.split("\n")[0] ?? "");
  if (choice.conversation) ctx.print(s.green(`rewound the conversation to before: ${first}`));
  if (outcome) for (const line of outcomeLines(outcome, cwd, s)) ctx.print(line);
  if (choice.conversation) ctx.setInput?.(point.text);
}

/**
 * Summarize from here / up to here: the part becomes a summary as `/compact` makes one (its
 * notice says how it went). From here, the prompt comes back in the input, as claude 2.1.328's
 * does (recorded): what was summarized can be asked again.
 */
async function summarize(
  ctx: SlashContext,
  point: RewindPoint,
  summarize: NonNullable<RewindChoice["summarize"]>,
): Promise<void> {
  try {
    ctx.print(ctx.styles.dim("summarizing the conversation…"));
    const outcome = await ctx.working("summarizing", () => ctx.runtime.summarizeAt(point, summarize));
    if (outcome.compacted && summarize.direction === "from") ctx.setInput?.(point.text);
  } catch (error) {
    ctx.print(ctx.styles.red(errorMessage(error)));
  }
}

function outcomeLines(outcome: RestoreOutcome, cwd: string, s: Styles): string[] {
  const names = (files: string[]) => files.map((file) => shownPath(file, cwd)).join(", ");
  const lines: string[] = [];
  if (outcome.restored.length > 0) lines.push(s.green(`restored ${names(outcome.restored)}`));
  if (outcome.removed.length > 0) lines.push(s.green(`removed ${names(outcome.removed)} (created since)`));
  if (outcome.restored.length + outcome.removed.length === 0)
    lines.push(s.dim("the files were already as they were then"));
  for (const { file, copy } of outcome.keptAside)
    lines.push(
      s.yellow(`${shownPath(file, cwd)} was changed since outside codebot: that content is kept at ${copy}`),
    );
  // The reason may quote the path (a system error's `open '…'`).
  for (const { file, reason } of outcome.failed)
    lines.push(s.red(`could not restore ${shownPath(file, cwd)}: ${visible(reason)}`));
  if (outcome.notRestorable.length > 0)
    lines.push(s.yellow(`not restored (too big to keep a copy): ${names(outcome.notRestorable)}`));
  return lines;
}
