/**
 * `/add-dir <folder>` in the terminal: as claude 2.1.328's (recorded in tmux), it asks before it
 * adds — for this session, or also remembered for the project's later sessions, or not at all
 * (Esc: not at all). Remembered is saved as claude saves it, in the project's local settings
 * (remember-directory.ts), your answer approving that one entry. Where no question can be answered
 * (prompts from a pipe) the folder is added for this session, as typed.
 */
import { visible } from "../../approval/visible-text.js";
import { errorMessage } from "../cli-error.js";
import { terminalSafe } from "../output/terminal-safe.js";
import { numberedOptions } from "./numbered-options.js";
import type { SlashContext } from "./slash-context.js";

type AddDirAnswer = "session" | "remember" | "no";

export async function addDirCommand(arg: string, ctx: SlashContext): Promise<void> {
  const s = ctx.styles;
  let folder: string;
  try {
    // The real path: a link of the repository's may name a folder whose name holds escape sequences.
    folder = ctx.runtime.folderToAdd(arg);
  } catch (error) {
    ctx.print(s.red(terminalSafe(errorMessage(error))));
    return;
  }
  const shown = visible(folder);
  const answer = ctx.ask === undefined ? "session" : await askAddDir(shown, ctx);
  if (answer === "no") {
    ctx.print(s.dim(`did not add ${shown}`));
    return;
  }
  try {
    ctx.runtime.addDirectory(folder);
  } catch (error) {
    ctx.print(s.red(terminalSafe(errorMessage(error))));
    return;
  }
  if (answer === "session") {
    ctx.print(s.green(`added ${shown}: the file tools reach it for this session`));
    return;
  }
  try {
    const file = ctx.runtime.rememberDirectory(folder);
    ctx.print(
      s.green(`added ${shown}: the file tools reach it, and in later sessions (saved to ${visible(file)})`),
    );
  } catch (error) {
    ctx.print(s.yellow(terminalSafe(errorMessage(error))));
  }
}

function askAddDir(shown: string, ctx: SlashContext): Promise<AddDirAnswer> {
  const s = ctx.styles;
  const ask = ctx.ask as NonNullable<SlashContext["ask"]>;
  const asked = `${s.yellow("?")} add ${shown}: the file tools may read and edit files there`;
  if (ctx.screenReader) {
    const { text, choices } = numberedOptions<AddDirAnswer>([
      { label: "Yes, for this session", value: "session" },
      { label: "Yes, and remember this directory", value: "remember" },
      { label: "No", value: "no" },
    ]);
    return ask(`${asked}\n${text}`, { ...choices, escape: "no" }, "no");
  }
  return ask(
    `${asked}\n  ${s.bold("1")} this session · ${s.bold("2")} and remember it · ${s.bold("3")} no: `,
    { "1": "session", "2": "remember", "3": "no", escape: "no" },
    "no",
  );
}
