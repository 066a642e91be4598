import type { ToolContext } from "@codebot/agentcore";
import type { PathPolicy } from "../paths/path-policy.js";
import type { ReadRules } from "../paths/read-rules.js";
import type { ApprovedRun } from "../settings/approved-files.js";
import type { BackgroundShellHost } from "./background-bash.js";
import type { FileHunk } from "./claude-result-shapes.js";
import type { ModelFileViews } from "./model-file-views.js";

/** What the built-in tools share: where they may reach and the environment commands get. */
export interface ToolEnvironment {
  paths: PathPolicy;
  /** Extra environment for `bash` (settings `env`), on top of the process environment. */
  env: Record<string, string>;
  /** Variables that tell a command an agent runs it (session/agent-env.ts), over `env`. */
  agentEnv?(): Record<string, string>;
  /** The project files `env` loads into every command, as approved: `bash` refuses once one changed. */
  envFiles?: ApprovedRun[];
  /**
   * The session's read rules: a file a `Read` deny rule covers is left out of what `grep` and
   * `glob` give, as Claude Code leaves it out of Grep and Glob.
   */
  readRules?: ReadRules;
  /** A file of `export` lines hooks wrote (Claude Code's CLAUDE_ENV_FILE): each command sources it first. */
  hookEnvFile?(): string;
  /**
   * `write` or `edit` replaced a file (`before` undefined: it is new), for `/cost`'s code changes;
   * `hunks` the change's, worked out once for whoever asks (changeHunks).
   */
  onFileWritten?(before: string | undefined, after: string, hunks: () => FileHunk[]): void;
  /**
   * `write` or `edit` is about to change a file (`held`: as the tool read it, when it did), and
   * has: `/rewind`'s copies (session/rewind/checkpoint-store.ts).
   */
  fileCheckpoints?: {
    before(file: string, held?: HeldFile): void;
    after(file: string, content: string): void;
  };
  /**
   * `write` or `edit`, called with `args` (as it ran them), wrote `content` to `file` in the call
   * `ctx`: what the check that a PostToolUse hook changed the file compares with
   * (session/assembly/hook-changed-file.ts).
   */
  onCallWroteFile?(ctx: ToolContext, args: Record<string, unknown>, file: string, content: string): void;
  /** What each agent's model has seen of the files it read and changed (Edit's result fields for hooks). */
  fileViews?: ModelFileViews;
  /** Where `bash`'s `run_in_background` commands go; without it the parameter is refused. */
  background?: BackgroundShellHost;
  /** The bash tool's working directory moved (a `cd` that stays where file tools may reach). */
  onCwdChange?(oldCwd: string, newCwd: string): void;
}

/** A file as a tool read it before changing it: its bytes as they are on disk, and its mode. */
export interface HeldFile {
  content: Buffer;
  mode: number;
}
