/**
 * Runs one `` !`cmd` `` of a skill or command before its text goes to the model. It is code from
 * a file — for a project's skills, from a cloned repository — so it passes the same gates as a
 * bash call of the model, in the bash tool's working directory: PreSkillShellCommand hooks
 * first (they may refuse it), then the permission rules and mode (a deny rule refuses it; an
 * allow rule, the skill's own trusted `allowed-tools` or the user's yes lets it run; with nobody
 * to ask it is refused). It runs through the bash tool's process path (its own process group,
 * killed on timeout or cancel), output capped.
 */
import { pinnedShell } from "../approval/pinned-shell.js";
import { changedFileRefusal, changedRun } from "../settings/approved-files.js";
import { commandEnv } from "../tools/command-env.js";
import { runShell } from "../tools/shell-process.js";
import type { Skill } from "./skill.js";
import type { SkillHost } from "./skill-host.js";

const TIMEOUT_MS = 120_000;
/** claude 2.1.328's words in place of a command `disableSkillShellExecution` keeps from running. */
export const SHELL_DISABLED_PLACEHOLDER = "[shell command execution disabled by policy]";
const OUTPUT_LIMIT = 30_000;

export type ShellOutcome = { ok: true; output: string } | { ok: false; reason: string };

let calls = 0;

export async function runSkillCommand(
  host: SkillHost,
  skill: Skill,
  args: string,
  command: string,
  signal: AbortSignal,
): Promise<ShellOutcome> {
  const shown = `!\`${command}\``;
  if (host.shellDisabled) return { ok: true, output: SHELL_DISABLED_PLACEHOLDER };
  if (host.shellRefusal !== undefined)
    return { ok: false, reason: `${shown} of /${skill.name}: ${host.shellRefusal}` };
  const decision = await host.runner.fire("PreSkillShellCommand", {
    commandName: skill.name,
    commandArgs: args,
    commandSource: skill.source,
    shellCommand: command,
    signal,
  });
  if (decision.kind !== "allow")
    return {
      ok: false,
      reason: `${shown} of /${skill.name} refused by hook ${decision.by}: ${decision.reason}`,
    };
  calls += 1;
  // Judged from where the bash tool's shell is and run there, as claude 2.1.328 runs it: judged
  // there and run in the project directory, `cat .env` after the model's `cd sub` was checked as
  // `sub/.env` and printed the `.env` a deny rule keeps out.
  const shell = pinnedShell(host.bash);
  const verdict = await host.approval.decide(
    { id: `skill-shell-${calls}`, name: "bash", args: { command } },
    shell.tool,
    { agentName: "main", signal },
  );
  if (!verdict.allowed) return { ok: false, reason: `${shown} of /${skill.name}: ${verdict.reason}` };
  const changed = host.envFiles === undefined ? undefined : changedRun(host.envFiles);
  if (changed !== undefined)
    return {
      ok: false,
      reason: `${shown} of /${skill.name}: ${changedFileRefusal(changed, host.paths.root)}`,
    };
  const result = await runShell({
    command,
    cwd: shell.folder ?? host.paths.root,
    env: commandEnv(host),
    timeoutMs: TIMEOUT_MS,
    signal,
    outputLimit: OUTPUT_LIMIT,
  });
  if (result.spawnError !== undefined)
    return { ok: false, reason: `${shown} of /${skill.name}: cannot start the shell: ${result.spawnError}` };
  if (result.aborted) return { ok: false, reason: `${shown} of /${skill.name}: cancelled` };
  if (result.lostError !== undefined)
    return { ok: false, reason: `${shown} of /${skill.name}: ${result.lostError}` };
  if (result.timedOut)
    return { ok: false, reason: `${shown} of /${skill.name}: timed out after ${TIMEOUT_MS / 1000} s` };
  const output = result.output.replace(/\n$/, "");
  if (result.exitCode !== 0 || result.killedBy !== null)
    return { ok: true, output: `${output}\n[exit code ${result.exitCode ?? result.killedBy}]` };
  return { ok: true, output };
}
