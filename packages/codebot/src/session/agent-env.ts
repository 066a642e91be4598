import { codebotVersion } from "../cli/version.js";

/**
 * What tells the commands codebot runs (`bash`, a skill's `` !`cmd` ``: role `agent`) and its
 * command hooks (role `harness`) that an agent runs them, as claude 2.1.328 tells its own:
 * `AI_AGENT` (`codebot_<version, dots as dashes>_<role>`, the shape of claude's
 * `claude-code_2-1-328_agent`; vitest and other std-env users read it), and with Claude Code
 * compatibility on, claude's `CLAUDECODE=1` (bun, project scripts and hooks test it) and
 * `CLAUDE_CODE_SESSION_ID`, and the model's commands claude's `CLAUDE_EFFORT`, the effort the
 * session's requests carry (a hook is told it by the hooks engine, on the events claude tells it),
 * and claude's `CLAUDE_CODE_ENTRYPOINT`, how the session was started (claudeEntrypoint).
 * They are set over the settings' `env`, as claude sets its own.
 */
export function agentEnv(
  role: "agent" | "harness",
  session: {
    sessionId: string;
    claudeCompat: boolean;
    effort?: string | undefined;
    /**
     * How the session was started and the `CLAUDE_CODE_ENTRYPOINT` codebot inherited, for
     * claudeEntrypoint. Required of every caller: the WorktreeCreate hooks, which fire before the
     * session exists, once went without the variable because their caller left it out.
     */
    started: "cli" | "sdk-cli" | undefined;
    inherited: string | undefined;
  },
): Record<string, string> {
  const effort = role === "agent" ? session.effort : undefined;
  const { claudeCompat } = session;
  const entrypoint = claudeEntrypoint(session.started, session.inherited);
  return {
    AI_AGENT: `codebot_${codebotVersion().replaceAll(".", "-")}_${role}`,
    ...(claudeCompat ? { CLAUDECODE: "1", CLAUDE_CODE_SESSION_ID: session.sessionId } : {}),
    ...(claudeCompat && effort !== undefined ? { CLAUDE_EFFORT: effort } : {}),
    ...(claudeCompat && entrypoint !== undefined ? { CLAUDE_CODE_ENTRYPOINT: entrypoint } : {}),
  };
}

/**
 * claude 2.1.328's `CLAUDE_CODE_ENTRYPOINT` for a session started as `started`: `sdk-cli` under
 * `-p`, `cli` in the terminal, unless one was inherited (an Agent SDK program's `sdk-ts`,
 * `sdk-py`), which is kept, but for an inherited `cli` under `-p` (read from claude's code).
 * Hooks read it to tell a run nobody watches (steeef/claude-hooks' worktree guard skips its
 * speed bump for `sdk-*`).
 */
export function claudeEntrypoint(
  started: "cli" | "sdk-cli" | undefined,
  inherited: string | undefined,
): string | undefined {
  if (started === undefined) return undefined;
  if (inherited === undefined || inherited === "") return started;
  return inherited === "cli" && started === "sdk-cli" ? started : inherited;
}
