import type { HookApprovalRequest, PermissionUpdate } from "@codebot/hooks";

/**
 * The question about an untrusted project or local hook is the one the hooks runner puts to its
 * `approveHook` gate, and the result is its answer: one definition, in @codebot/hooks.
 */
export type { HookApproval as HookApprovalResult, HookApprovalRequest } from "@codebot/hooks";

/** The user's answer to an approval question: allow this time (this session, for hooks), always, or deny. */
export type ApprovalAnswer = "once" | "always" | "deny";

/** A question about one tool call that the permission mode and rules did not settle. */
export interface ToolApprovalRequest {
  tool: string;
  /** The tool call's id (its `tool_execution_start` event's). */
  callId: string;
  /** `main` or the sub-agent's name. */
  agentName: string;
  args: Record<string, unknown>;
  /** The command (bash) or project-relative path (file tools) that rules match. */
  subject?: string;
  /**
   * The rule that answering "always" adds for the rest of the session, e.g. `bash(git status)`.
   * Absent when no rule would approve the next such call (a settings, git or tool-configuration
   * file's write): the question offers no "always".
   */
  alwaysRule?: string;
  /** Aborted when the run is cancelled while the question is open. */
  signal: AbortSignal;
  /** Set when a hook asked for this question (Claude Code's `permissionDecision: "ask"`): its reason. */
  hookReason?: string;
  /** Set when a deny rule's file is reached by the call without being named: the rule, and how. */
  ruleReason?: string;
  /** exit_plan_mode's question: the mode a yes switches to (claude's question names it). */
  planReturnsTo?: string;
}

export type AskToolApproval = (request: ToolApprovalRequest) => Promise<ApprovalAnswer>;
export type AskHookApproval = (request: HookApprovalRequest) => Promise<ApprovalAnswer>;

/** A PermissionRequest hook's answer: run the call (maybe with new arguments), or refuse it. */
export type PermissionHookAnswer =
  | {
      behavior: "allow";
      updatedInput?: Record<string, unknown>;
      /** What the hook asked to change besides (Claude Code's `updatedPermissions`). */
      updatedPermissions?: PermissionUpdate[];
      by: string;
    }
  | {
      behavior: "deny";
      message: string;
      by: string;
      /** The message is the whole tool result, not prefixed with who refused (the Agent SDK's `canUseTool`). */
      asIs?: true;
    };

/**
 * The hooks of the permission moments (Claude Code's events): `request` before codebot asks the
 * user or refuses for lack of a rule (PermissionRequest; undefined = no hook decided), `denied`
 * after a call was refused (PermissionDenied), `asking` as a question is put to the user
 * (Notification `permission_prompt`, once the question has waited; the returned function says it
 * was answered).
 */
export interface PermissionHooks {
  request(
    call: { name: string; id: string; args: Record<string, unknown> },
    ctx: { agentName: string; signal: AbortSignal },
    /** What an "always" answer would add (Claude Code's `permission_suggestions`). */
    suggestions: PermissionUpdate[],
  ): Promise<PermissionHookAnswer | undefined>;
  denied(
    call: { name: string; id: string; args: Record<string, unknown> },
    ctx: { agentName: string },
    reason: string,
  ): void;
  asking(call: { name: string }): () => void;
}
