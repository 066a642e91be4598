import type { ThinkingDisplay } from "@codebot/agentcore";
import { CliError } from "./cli-error.js";

/** `--thinking`'s modes, as claude 2.1.328 takes them. */
export const THINKING_MODES = ["enabled", "adaptive", "disabled"] as const;

/**
 * `--max-thinking-tokens <n>` and `--thinking <mode>` (what the Agent SDK passes for its `thinking`
 * and `maxThinkingTokens` options) as the session's thinking budget, as claude 2.1.328 sends them
 * (recorded): `n` is `{type: "enabled", budget_tokens: n}`, 0 and `--thinking disabled`
 * `{type: "disabled"}`. `enabled` and `adaptive` leave the model to its own thinking (undefined),
 * as in claude: a budget of 31999 on the budget models, adaptive on the others. Not a whole number
 * of 0 or more: a clear error (claude took `-5`).
 */
export function thinkingBudgetOf(
  maxTokens: string | undefined,
  mode: string | undefined,
): number | undefined {
  if (mode === "disabled") return 0;
  if (maxTokens === undefined) return undefined;
  const tokens = Number(maxTokens);
  if (maxTokens.trim() === "" || !Number.isSafeInteger(tokens) || tokens < 0)
    throw new CliError(
      `--max-thinking-tokens must be a whole number of tokens, 0 or more (got "${maxTokens}")`,
    );
  return tokens;
}

/**
 * `--thinking-display <display>` (commander refuses other values, as claude does), as claude
 * 2.1.328 sends it (recorded): `summarized` asks adaptive thinking for summaries in place of
 * updates; `omitted` changes nothing on the wire (claude sends its `updates`). `highlights`, which
 * the API takes only from Claude Code sessions Anthropic hosts, is not sent (claude falls back to
 * no thinking text when it is refused): `warn` gets a line, and the default stands.
 */
export function thinkingDisplayFlag(
  display: ThinkingDisplay | undefined,
  warn: (line: string) => void,
): ThinkingDisplay | undefined {
  if (display !== "highlights") return display;
  warn(
    "codebot: --thinking-display highlights is not sent (the API takes it only from sessions Anthropic hosts); thinking is shown as usual",
  );
  return undefined;
}
