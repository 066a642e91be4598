import type { BackgroundTask } from "@codebot/hooks";
import { visible } from "../../approval/visible-text.js";
import type { Styles } from "../output/styles.js";
import type { Questions } from "./questions.js";

/** The answer: leave, stopping the runs, or `stay` — back to the session, which does not end. */
export type BackgroundEndAnswer = "stop" | "stay";

/**
 * Leaving the interactive session (`/exit`, Ctrl+D) while background sub-agents run, as claude
 * 2.1.328 asks (recorded): "Background work is running / The following will stop when you exit:",
 * one `subagent · <description>` row per run, then "1. Exit and stop tasks", "2. Move to background
 * and exit", "3. Stay", Esc back to the session. codebot has no background sessions to move to, so
 * its choices are `1` exit and stop them, `2` stay; Esc, Ctrl+C and Ctrl+D stay too (claude's
 * ignored Ctrl+C there): leaving stops work, so only `1` does. Undefined: nothing runs, nothing asked.
 */
export async function askBackgroundEnd(
  going: readonly BackgroundTask[],
  questions: Questions,
  view: { notice(text: string): void },
  s: Styles,
): Promise<BackgroundEndAnswer | undefined> {
  if (going.length === 0) return undefined;
  view.notice(`${s.yellow("?")} background work is running; it stops when you leave:`);
  for (const task of going)
    view.notice(
      `  ${s.bold(task.command !== undefined ? "shell" : "subagent")} ${s.dim("·")} ${visible(task.description || task.agentType)}`,
    );
  const choice = await questions.ask<BackgroundEndAnswer>(
    `  ${s.bold("1")} exit and stop ${going.length === 1 ? "it" : "them"} · ${s.bold("2")} stay · ${s.bold("Esc")} back to the session: `,
    { "1": "stop", "2": "stay", escape: "stay" },
    "stay",
  );
  view.notice(s.dim(`  ${choice === "stay" ? "back to the session" : "exit and stop"}`));
  return choice;
}
