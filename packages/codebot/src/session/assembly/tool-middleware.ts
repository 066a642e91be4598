import type { ToolMiddleware } from "@codebot/agentcore";
import type { HookRunner } from "@codebot/hooks";
import type { ApprovalEngine } from "../../approval/approval-engine.js";
import { fireInstructionsLoaded } from "../../instructions/instructions-loaded.js";
import { nestedInstructionsMiddleware } from "../../instructions/nested-instructions.js";
import type { SessionInstructions } from "../../instructions/session-instructions.js";
import type { Customizations } from "../../settings/session-modes.js";
import type { StopRequest } from "../session.js";
import type { StopValidation } from "../stop-validation.js";
import type { Notify } from "./session-notices.js";

/**
 * Every agent's tool middleware, outermost first: the notice that a PostToolUse hook changed the
 * file just written (it compares once the hooks have run), hooks (PreToolUse may block or rewrite
 * before anyone is asked; PostToolUse sees the final result), approval (judges the arguments that will
 * really run), change tracking (sees only calls that really ran), the nested folders' instruction
 * files, then the caller's observers.
 */
export function sessionToolMiddleware(parts: {
  runner: HookRunner;
  approval: ApprovalEngine;
  validation: StopValidation;
  cwd: string;
  /** The notice that a PostToolUse hook changed the file a `write` or `edit` wrote (hook-changed-file.ts). */
  changedFile: ToolMiddleware;
  instructions: SessionInstructions;
  customizations: Customizations;
  toolObservers: readonly ToolMiddleware[] | undefined;
  notify: Notify;
  /** An InstructionsLoaded hook that stops the session halts it. */
  halt(stop: StopRequest): void;
}): ToolMiddleware[] {
  const { runner } = parts;
  return [
    parts.changedFile,
    runner.middleware(),
    parts.approval.toolMiddleware(),
    parts.validation.middleware(),
    // `--bare`, `--safe-mode` and `--restricted` find no instruction file, nested folders' neither.
    ...(!parts.customizations.instructionFiles
      ? []
      : [
          nestedInstructionsMiddleware(parts.cwd, parts.instructions, parts.notify, async (loads) => {
            const stop = await fireInstructionsLoaded(runner, loads);
            if (stop) parts.halt(stop);
          }),
        ]),
    ...(parts.toolObservers ?? []),
  ];
}
