/**
 * `/model <name>` with its hooks (Claude Code's PreModelSwitch and PostModelSwitch, source
 * `command`): PreModelSwitch may refuse the switch; PostModelSwitch observes it once done.
 */
import type { HookRunner, ModelSwitch } from "@codebot/hooks";
import { visible } from "../approval/visible-text.js";

export type ModelSwitchOutcome = { switched: true; spec: string } | { switched: false; reason: string };

export interface ModelSwitchParts {
  hooks: HookRunner;
  /** The `provider/id` the session's model was made from. */
  currentSpec(): string;
  setModel(spec: string): Promise<unknown>;
}

/** `spec` is the `provider/id` to switch to; `requested` is what the user typed (an alias, a bare id). */
export async function switchModel(
  parts: ModelSwitchParts,
  spec: string,
  requested: string | null,
): Promise<ModelSwitchOutcome> {
  const input: ModelSwitch = {
    fromModel: parts.currentSpec(),
    toModel: spec,
    requestedModel: requested,
    source: "command",
  };
  const pre = await parts.hooks.fire("PreModelSwitch", input);
  if (pre.kind !== "allow")
    return { switched: false, reason: `hook ${visible(pre.by)} refused the switch: ${visible(pre.reason)}` };
  await parts.setModel(spec);
  parts.hooks.fire("PostModelSwitch", input);
  return { switched: true, spec };
}
