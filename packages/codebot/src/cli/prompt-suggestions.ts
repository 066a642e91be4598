import { randomUUID } from "node:crypto";
import type { PromptResult } from "../session/prompt-result.js";
import type { Runtime } from "../session/runtime.js";
import type { WireObject } from "./output/wire.js";
import { checkStreamJsonOnly, type PrintRun } from "./stream-json-only.js";

/** `--prompt-suggestions [value]`'s values, as claude 2.1.328's (no value: true). */
export const PROMPT_SUGGESTIONS_VALUES = ["true", "false", "1", "0", "yes", "no", "on", "off"];

/**
 * Whether the suggestions asked for (`--prompt-suggestions`, the Agent SDK's `promptSuggestions`)
 * are made, as claude 2.1.328 decides (recorded): CLAUDE_CODE_ENABLE_PROMPT_SUGGESTION `false`, `0`,
 * `no` or `off` turns them off and `true`, `1`, `yes` or `on` keeps them on (any case, spaces
 * around); without either, or with another value (empty, unknown), the `promptSuggestionEnabled`
 * setting's `false` turns them off.
 */
export function promptSuggestionsAllowed(env: NodeJS.ProcessEnv, setting: boolean | undefined): boolean {
  const value = env.CLAUDE_CODE_ENABLE_PROMPT_SUGGESTION?.trim().toLowerCase() ?? "";
  if (["false", "0", "no", "off"].includes(value)) return false;
  if (["true", "1", "yes", "on"].includes(value)) return true;
  return setting !== false;
}

/** How long the end of the input waits for a suggestion still being asked for, as claude's. */
const SETTLE_MS = 30_000;

/** `--prompt-suggestions`: whether it is on, refused as claude refuses it outside `-p` stream-json. */
export function promptSuggestionsFlag(value: string | undefined, run: PrintRun): boolean {
  const on = value !== undefined && ["true", "1", "yes", "on"].includes(value);
  if (on)
    checkStreamJsonOnly(
      "--prompt-suggestions",
      run,
      " (prompt_suggestion lines only appear in stream-json output)",
    );
  return on;
}

/**
 * The `prompt_suggestion` line claude 2.1.328 writes after a turn's `result` line: the user's likely
 * next prompt (session/prompt-suggestion.ts). Asked for while the next input is awaited; a prompt
 * that comes first cancels it (claude's does the same), and the end of the input waits for it.
 */
export class PromptSuggestions {
  private pending: { controller: AbortController; done: Promise<void> } | undefined;

  constructor(
    private readonly runtime: Pick<Runtime, "suggestNextPrompt" | "sessionId">,
    private readonly emit: (line: WireObject) => void,
  ) {}

  /** A turn's result line is out: ask for the next prompt, unless the turn failed. */
  after(result: PromptResult): void {
    this.cancel();
    if (result.status === "error" || result.status === "aborted") return;
    const controller = new AbortController();
    const done = this.runtime.suggestNextPrompt(controller.signal).then(
      (suggestion) => {
        if (suggestion === undefined || controller.signal.aborted) return;
        this.emit({
          type: "prompt_suggestion",
          suggestion,
          uuid: randomUUID(),
          session_id: this.runtime.sessionId,
        });
      },
      // As claude's: a suggestion that could not be had is none (the run's own lines said enough).
      () => undefined,
    );
    this.pending = { controller, done };
  }

  /** The next prompt came: the suggestion for the last one is no longer wanted. */
  cancel(): void {
    this.pending?.controller.abort();
    this.pending = undefined;
  }

  /** The input ended: the last suggestion is written when it comes, within SETTLE_MS. */
  async settle(): Promise<void> {
    const pending = this.pending;
    if (pending === undefined) return;
    const timer = setTimeout(() => pending.controller.abort(), SETTLE_MS);
    try {
      await pending.done;
    } finally {
      clearTimeout(timer);
      this.pending = undefined;
    }
  }
}
