/**
 * WorktreeCreate hooks (Claude Code's): with `--worktree`, they make the worktree instead of git.
 * They fire before the session exists, in the project the user started in, from a runner of that
 * project's hooks with the command and http executors (no model or MCP server yet) and the
 * session's approval rules: a project's hook runs once approved, as every project hook does.
 */
import fs from "node:fs";
import path from "node:path";
import { createHookRunner } from "@codebot/hooks";
import { AskQueue } from "../approval/ask-queue.js";
import { HookApproval } from "../approval/hook-approval.js";
import { visible } from "../approval/visible-text.js";
import { agentEnv } from "../session/agent-env.js";
import { processExecutors } from "../session/hook-executors.js";
import type { ProjectSettings } from "../session/project-settings.js";
import { claudeCompatOf } from "../settings/claude-compat.js";
import { managedEnvOf, type PermissionMode } from "../settings/runtime-settings.js";
import { sessionDirectory } from "../transcript/session-files.js";

/** The project the hooks fire in, and what the session will be. */
export interface WorktreeCreateContext {
  cwd: string;
  codebotHome: string;
  project: ProjectSettings;
  sessionId: string;
  permissionMode: PermissionMode;
  trustProjectHooks: boolean;
  hooksApprovedOnce?: readonly string[];
  /** How the session is started (`sdk-cli` for `-p`): the hooks are told it, as every hook is. */
  started: "cli" | "sdk-cli";
}

const NO_PATH =
  "Error creating worktree: WorktreeCreate hook failed: hook succeeded but returned no worktree path (command: echo the path to stdout; http/callback: return hookSpecificOutput.worktreePath)";

/**
 * The directory the WorktreeCreate hooks made for worktree `name`, or undefined when the project
 * has none (git makes it then). A hook that fails, blocks, is not approved or names no directory
 * is an error, in claude 2.1.328's words.
 */
export async function worktreeFromHooks(
  ctx: WorktreeCreateContext,
  name: string,
): Promise<string | undefined> {
  const { project, cwd } = ctx;
  if (project.hooks.disabled || !project.hooks.hooks.some((hook) => hook.event === "WorktreeCreate"))
    return undefined;
  const approval = new HookApproval({
    mode: () => ctx.permissionMode,
    projectDir: cwd,
    trustStore: project.trustStore,
    queue: new AskQueue(),
    trustProjectHooks: ctx.trustProjectHooks,
    ...(ctx.hooksApprovedOnce ? { approvedOnce: ctx.hooksApprovedOnce } : {}),
  });
  const claudeCompat = claudeCompatOf(project.layers, ctx.codebotHome);
  const runner = createHookRunner({
    hooks: project.hooks,
    executors: processExecutors({
      allowedHosts: project.httpAllowList.hosts,
      agentEnv: () =>
        agentEnv("harness", {
          sessionId: ctx.sessionId,
          claudeCompat,
          started: ctx.started,
          inherited: process.env.CLAUDE_CODE_ENTRYPOINT,
        }),
      settingsEnv: project.settings.env,
      envFiles: project.settings.envFiles,
      managedEnv: managedEnvOf(project.layers),
    }),
    approveHook: approval.approve,
    session: {
      sessionId: ctx.sessionId,
      cwd,
      transcriptPath: path.join(sessionDirectory(ctx.codebotHome, cwd), `${ctx.sessionId}.jsonl`),
    },
  });
  const decision = await runner.fire("WorktreeCreate", { name }).finally(() => runner.close());
  if (decision.kind !== "allow")
    throw new Error(
      `Error creating worktree: WorktreeCreate hook failed: ${visible(decision.by)}: ${visible(decision.reason)}`,
    );
  if (decision.worktreePath === undefined) throw new Error(NO_PATH);
  const dir = path.resolve(cwd, decision.worktreePath);
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory())
    throw new Error(
      `worktree directory ${visible(dir)} does not exist or is not a directory. The path came from a WorktreeCreate hook — the hook must print the directory it created as the last line of its stdout.`,
    );
  return dir;
}
