/**
 * `/effort [level]`: shows or sets the effort of the session's next model requests, in claude
 * 2.1.328's words (recorded in tmux). `low` … `xhigh` are saved as your default for the model in
 * new sessions, and `auto` takes that default out again, as claude saves them (save-model-effort.ts);
 * `max` is for this session only, as in claude. claude's `/effort` alone opens a picker.
 */
import { EFFORT_LEVELS, effortLevelOf } from "@codebot/agentcore";
import { saveModelEffort } from "../../settings/save-model-effort.js";
import { errorMessage } from "../cli-error.js";
import type { SlashContext } from "./slash-context.js";

/** claude's line for each level. */
const WHAT_EACH_DOES: Readonly<Record<(typeof EFFORT_LEVELS)[number], string>> = {
  low: "Quick, straightforward implementation with minimal overhead",
  medium: "Balanced approach with standard implementation and testing",
  high: "Comprehensive implementation with extensive testing and documentation",
  xhigh: "Deeper reasoning than high, just below maximum (on supported models)",
  max: "Maximum capability with deepest reasoning. May use excessive tokens resulting in long response times or overthinking. Use sparingly for the hardest tasks.",
};

const OPTIONS = [...EFFORT_LEVELS, "auto"].join(", ");

export async function effortCommand(arg: string, ctx: SlashContext): Promise<void> {
  const s = ctx.styles;
  if (arg === "") {
    const effort = ctx.runtime.effort;
    ctx.print(
      effort === undefined
        ? `effort: none (${ctx.model.spec} is asked without one); options: ${OPTIONS}`
        : `effort: ${effort}; options: ${OPTIONS}`,
    );
    return;
  }
  const level = effortLevelOf(arg);
  if (level === undefined && arg.toLowerCase() !== "auto") {
    ctx.print(s.red(`Unknown option: ${arg}. Options: ${OPTIONS}`));
    return;
  }
  try {
    // auto: back to the start's choice (--effort, the settings' effortLevel, else the model's own).
    await ctx.runtime.setEffort(level);
  } catch (error) {
    ctx.print(s.red(errorMessage(error)));
    return;
  }
  let saved = false;
  if (level !== "max") {
    try {
      saveModelEffort(ctx.runtime.userSettingsFile, ctx.model.spec, level);
      saved = level !== undefined;
    } catch (error) {
      ctx.print(s.red(errorMessage(error)));
    }
  }
  const lasts = saved ? "saved as your default for new sessions" : "this session only";
  if (level === undefined) ctx.print(s.green("Effort level set to auto"));
  else ctx.print(s.green(`Set effort level to ${level} (${lasts}): ${WHAT_EACH_DOES[level]}`));
  // What the requests carry may differ: CLAUDE_CODE_EFFORT_LEVEL wins, maxEffortLevel caps, and a model takes only its levels.
  const carried = ctx.runtime.effort;
  if (level !== undefined && carried !== level)
    ctx.print(
      s.yellow(
        `${ctx.model.spec} is asked ${carried === undefined ? "without an effort" : `with ${carried}`} (CLAUDE_CODE_EFFORT_LEVEL wins over /effort; maxEffortLevel caps it; a model takes only the levels it knows)`,
      ),
    );
}
