import { codebotVersion } from "../cli/version.js";

/**
 * What tells the commands codebot runs (`bash`, a skill's `` !`cmd` ``: role `agent`) and its
 * command hooks (role `harness`) that an agent runs them, as claude 2.1.328 tells its own:
 * `AI_AGENT` (`codebot_<version, dots as dashes>_<role>`, the shape of claude's
 * `claude-code_2-1-328_agent`; vitest and other std-env users read it), and with Claude Code
 * compatibility on, claude's `CLAUDECODE=1` (bun, project scripts and hooks test it) and
 * `CLAUDE_CODE_SESSION_ID`, and the model's commands claude's `CLAUDE_EFFORT`, the effort the
 * session's requests carry (a hook is told it by the hooks engine, on the events claude tells it).
 * They are set over the settings' `env`, as claude sets its own.
 */
export function agentEnv(
  role: "agent" | "harness",
  session: { sessionId: string; claudeCompat: boolean; effort?: string | undefined },
): Record<string, string> {
  const effort = role === "agent" ? session.effort : undefined;
  return {
    AI_AGENT: `codebot_${codebotVersion().replaceAll(".", "-")}_${role}`,
    ...(session.claudeCompat ? { CLAUDECODE: "1", CLAUDE_CODE_SESSION_ID: session.sessionId } : {}),
    ...(session.claudeCompat && effort !== undefined ? { CLAUDE_EFFORT: effort } : {}),
  };
}
