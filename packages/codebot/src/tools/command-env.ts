import type { ToolEnvironment } from "./tool-environment.js";

/**
 * The environment of a command run for the model (`bash`, a skill's `` !`cmd` ``), over the
 * process environment: the settings' `env`, who runs it (session/agent-env.ts), then
 * `GIT_EDITOR=true` as claude 2.1.328 sets it — nobody can type into an editor there, so `git
 * commit --amend`, `git merge` or `git rebase --continue` take the message as it is instead of
 * waiting for vi until the timeout — and the project directory.
 */
export function commandEnv(env: Pick<ToolEnvironment, "env" | "agentEnv" | "paths">): Record<string, string> {
  return { ...env.env, ...env.agentEnv?.(), GIT_EDITOR: "true", CODEBOT_PROJECT_DIR: env.paths.root };
}
