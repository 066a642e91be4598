import type { Tool } from "@codebot/agentcore";
import type { HookRunner } from "@codebot/hooks";
import type { ToolApproval } from "../approval/tool-approval.js";
import type { PathPolicy } from "../paths/path-policy.js";
import type { ReadRules } from "../paths/read-rules.js";
import type { ApprovedRun } from "../settings/approved-files.js";

/** What skills need from the session they run in. */
export interface SkillHost {
  runner: HookRunner;
  /** Judges each `` !`cmd` `` as a bash call; holds an active skill's `allowed-tools`. */
  approval: ToolApproval;
  /** The bash tool: a skill's shell command is judged as its call would be. */
  bash: Tool;
  /** Set when no `` !`cmd` `` may run (`--restricted` took bash away): why, for the refusal. */
  shellRefusal?: string;
  /**
   * Set when settings say `disableSkillShellExecution` (Claude Code's): each `` !`cmd` `` is
   * replaced by claude's placeholder and not run, and the skill still loads.
   */
  shellDisabled?: boolean;
  paths: PathPolicy;
  /** The session's read rules: a mentioned file they keep out is not included. */
  readRules: ReadRules;
  /** Settings `env`, as the bash tool gets it. */
  env: Record<string, string>;
  /** What tells its commands an agent runs them, as the bash tool gets it. */
  agentEnv?(): Record<string, string>;
  /** The project files `env` loads into every command, as approved: a changed one refuses, as in `bash`. */
  envFiles?: ApprovedRun[];
  /** Whether a project grant (`allow:<rule>`) is trusted: a project skill's `allowed-tools` count only then. */
  isGrantTrusted(grant: string): boolean;
  notify(message: string): void;
}
