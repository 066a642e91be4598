/**
 * The command a Claude Code–style hook really runs, and the variables it gets (§11):
 * `CLAUDE_PROJECT_DIR`, and for plugins `CLAUDE_PLUGIN_ROOT` and `CLAUDE_PLUGIN_DATA`.
 */
import type { CompiledHook } from "./compiled-hook.js";
import type { HookSpec } from "./executor.js";

/**
 * Values that may be pasted into a shell command as they are. Anything else (quotes, `$`,
 * backquotes, `;`…) is left for `sh` to expand from the environment, which gives the same result
 * in every context but single quotes, and cannot turn a strange directory name into code.
 */
const SHELL_SAFE = /^[A-Za-z0-9_ ./@%+=:,~-]*$/;

/** The Claude Code variables of a hook: the project dir for group hooks, the folders for plugin hooks. */
export function claudeVariables(hook: CompiledHook, projectDir: string): Record<string, string> {
  return {
    ...(hook.claudeVariables ? { CLAUDE_PROJECT_DIR: projectDir } : {}),
    ...(hook.plugin ? { CLAUDE_PLUGIN_ROOT: hook.plugin.root, CLAUDE_PLUGIN_DATA: hook.plugin.dataDir } : {}),
  };
}

/**
 * The spec with `${CLAUDE_PROJECT_DIR}`, `${CLAUDE_PLUGIN_ROOT}` and `${CLAUDE_PLUGIN_DATA}`
 * replaced in a Claude Code hook's command, as Claude Code does (plugins commonly write
 * `python3 ${CLAUDE_PLUGIN_ROOT}/hooks/x.py`); a hook of a Claude Code group also gets
 * `asyncReply` (async-reply.ts).
 */
export function claudeSpec(hook: CompiledHook, projectDir: string): HookSpec {
  if (hook.spec.type !== "command" || (!hook.claudeVariables && !hook.plugin)) return hook.spec;
  const vars = claudeVariables(hook, projectDir);
  const { args } = hook.spec;
  // Claude Code's hooks may answer `{"async": true}` first and go on in the background.
  const asyncReply = hook.style === "claude" ? { asyncReply: true } : {};
  // The exec form reaches no shell: every word gets the folders as plain text, as claude does.
  if (args !== undefined)
    return {
      ...hook.spec,
      command: substitute(hook.spec.command, vars, () => true),
      args: args.map((arg) => substitute(arg, vars, () => true)),
      ...asyncReply,
    };
  const command = substitute(hook.spec.command, vars, (value) => SHELL_SAFE.test(value));
  return { ...hook.spec, command, ...asyncReply };
}

/** `text` with the `${CLAUDE_…}` folders whose value `pastes` accepts filled in. */
function substitute(text: string, vars: Record<string, string>, pastes: (value: string) => boolean): string {
  return text.replace(/\$\{(CLAUDE_PROJECT_DIR|CLAUDE_PLUGIN_ROOT|CLAUDE_PLUGIN_DATA)\}/g, (whole, name) => {
    const value = vars[name as string];
    return value !== undefined && pastes(value) ? value : whole;
  });
}

/**
 * What makes two Claude Code hooks "the same command" for running once per firing: the command
 * with its plugin's folders filled in (the project dir is the same for every hook of a session),
 * and its `if`: Claude Code keeps hooks with different conditions apart, so each runs when its
 * own condition holds.
 */
export function claudeOnceKey(command: string, plugin: CompiledHook["plugin"], ifRule?: string): string {
  const condition = ifRule === undefined ? "" : `\0if ${ifRule}`;
  if (!plugin) return command + condition;
  return (
    command.replace(/\$\{(CLAUDE_PLUGIN_ROOT|CLAUDE_PLUGIN_DATA)\}/g, (_, name) =>
      name === "CLAUDE_PLUGIN_ROOT" ? plugin.root : plugin.dataDir,
    ) + condition
  );
}
