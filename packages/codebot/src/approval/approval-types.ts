import type { SettingsSource } from "@codebot/hooks";

/** The user's answer to an approval question: allow this time (this session, for hooks), always, or deny. */
export type ApprovalAnswer = "once" | "always" | "deny";

/** A question about one tool call that the permission mode and rules did not settle. */
export interface ToolApprovalRequest {
  tool: string;
  /** `main` or the sub-agent's name. */
  agentName: string;
  args: Record<string, unknown>;
  /** The command (bash) or project-relative path (file tools) that rules match. */
  subject?: string;
  /** The rule that answering "always" adds for the rest of the session, e.g. `bash(git status)`. */
  alwaysRule: string;
  /** Aborted when the run is cancelled while the question is open. */
  signal: AbortSignal;
  /** Set when a hook asked for this question (Claude Code's `permissionDecision: "ask"`): its reason. */
  hookReason?: string;
}

/** A question about one project or local hook that is not trusted yet. */
export interface HookApprovalRequest {
  event: string;
  tool?: string;
  label: string;
  blocking: boolean;
  source: SettingsSource;
  /** The settings file the hook is in. */
  path: string;
  fingerprint: string;
  /** The compiled hook, for showing its command/prompt/url. */
  hook?: unknown;
}

export type AskToolApproval = (request: ToolApprovalRequest) => Promise<ApprovalAnswer>;
export type AskHookApproval = (request: HookApprovalRequest) => Promise<ApprovalAnswer>;

export type HookApprovalResult = { approved: true } | { approved: false; reason: string };
