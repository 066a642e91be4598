/**
 * How claude 2.1.328 shows the user a block by a Claude Code command hook that exited 2: the
 * command as configured in brackets, then its stderr as written (recorded: a UserPromptSubmit
 * block reads `UserPromptSubmit operation blocked by hook:\n[<command>]: <stderr>\n\nOriginal
 * prompt: …`). A JSON `decision: "block"` is shown by its reason alone, as every other hook's is.
 * What the model and `prompt_submit_outcome.reason` get stays the trimmed stderr.
 */
import type { HookRun } from "./hook-execution.js";

const BLOCK_EXIT_CODE = 2;

export function claudeBlockNotice(run: HookRun): string | undefined {
  const { hook, verdict } = run;
  if (hook.style !== "claude" || hook.spec.type !== "command") return undefined;
  if (verdict?.exitCode !== BLOCK_EXIT_CODE || verdict.stderr.trim() === "") return undefined;
  return `[${hook.spec.command}]: ${verdict.stderr}`;
}
