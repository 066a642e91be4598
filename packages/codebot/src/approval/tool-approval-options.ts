import type { ToolCall, ToolContext } from "@codebot/agentcore";
import type { PathPolicy } from "../paths/path-policy.js";
import type { OutsideBlock } from "../settings/managed-policy.js";
import type { PermissionMode } from "../settings/runtime-settings.js";
import type { AskToolApproval, PermissionHookAnswer, PermissionHooks } from "./approval-types.js";
import type { AskQueue } from "./ask-queue.js";
import type { AutoModeClassifier } from "./auto-mode-classifier.js";
import type { PermissionDecision } from "./permission-decision.js";
import type { PermissionRuleSet } from "./permission-rules.js";
import type { PromptToolQuestion } from "./prompt-tool-verdict.js";

/** A tool call that was refused (Claude Code's `permission_denials[]`). */
export interface PermissionDenial {
  tool_name: string;
  tool_use_id: string;
  tool_input: Record<string, unknown>;
}

export interface ToolApprovalOptions {
  mode: () => PermissionMode;
  rules: PermissionRuleSet;
  paths: PathPolicy;
  queue: AskQueue;
  ask?: AskToolApproval;
  /** `auto` mode's judge of the calls that would be asked about (none: they have no verdict, never run unasked). */
  classifier?: AutoModeClassifier;
  /** `autoMode.classifyAllShell`: in auto mode, no allow rule lets a shell line run unjudged. */
  classifyAllShell?: () => boolean;
  /** Why nothing more may be spent (`--max-budget-usd` reached by the classifier's request too), if so. */
  budgetSpent?: () => string | undefined;
  /** Hooks codebot consults at its permission moments (PermissionRequest, PermissionDenied, Notification). */
  hooks?: PermissionHooks;
  /**
   * codebot's and Claude Code's own folders and the loaded plugins' (real paths): acceptEdits does
   * not edit in them unasked.
   */
  ownHomes?: readonly string[];
  /**
   * `--restricted`: a write to a settings, git or tool-configuration file (person-only-writes.ts)
   * and a bash line claude cannot check (restricted-shell.ts) are approved by the user or
   * `promptTool` alone — no allow rule, mode, or hook's allow.
   */
  restricted?: boolean;
  /**
   * `permissions.blockReadsOutsideWorkingDirectories` / `blockWritesOutsideWorkingDirectories`: the
   * settings file that turned each on. A bash line reading / writing a path outside the project and
   * its added folders is refused, in every mode (call-checks.ts).
   */
  blockOutside?: OutsideBlock;
  /** Switches the session's mode (a PermissionRequest hook's `setMode`); throws when the settings forbid it. */
  setMode?(mode: PermissionMode): void;
  /** Told what of a hook's `updatedPermissions` was not applied as asked. */
  notify?(message: string): void;
  /** Told how a tool call's permission check ended (claude's `tool_result_meta`). */
  onDecision?(call: ToolCall, decision: PermissionDecision): void;
  /**
   * `--permission-prompt-tool` (Claude Code's): with nobody to ask, the question goes to this MCP
   * tool, whose answer allows (maybe with new arguments) or refuses the call.
   */
  promptTool?(
    call: ToolCall,
    ctx: Pick<ToolContext, "signal" | "agentName"> & Partial<Pick<ToolContext, "eventsDelivered">>,
    question: PromptToolQuestion,
  ): Promise<PermissionHookAnswer>;
}
