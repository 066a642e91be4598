import type { CompiledHook } from "@codebot/hooks";
import { visible } from "../../approval/visible-text.js";
import { hookBody } from "../hooks/hook-view.js";
import type { Styles } from "../output/styles.js";

/**
 * What `/reload-plugins` changed in the plugins' hooks: a line per hook added (`+`) or gone (`-`),
 * compared by fingerprint (the event and the entry as written). A plugin's hooks change only at the
 * reload, which the user asks for; these lines show what that reload let run (claude 2.1.328 gives
 * only the count).
 */
export function pluginHookChangeLines(
  before: readonly CompiledHook[],
  after: readonly CompiledHook[],
  s: Styles,
): string[] {
  const gone = unmatched(before, after).map((hook) => s.red(`- ${hookLine(hook)}`));
  const added = unmatched(after, before).map((hook) => s.green(`+ ${hookLine(hook)}`));
  return [...gone, ...added];
}

/** The hooks of `hooks` with no counterpart in `others` (each counterpart counts once). */
function unmatched(hooks: readonly CompiledHook[], others: readonly CompiledHook[]): CompiledHook[] {
  const left = others.map(key);
  return hooks.filter((hook) => {
    const at = left.indexOf(key(hook));
    if (at === -1) return true;
    left.splice(at, 1);
    return false;
  });
}

function key(hook: CompiledHook): string {
  return `${hook.plugin?.root}\0${hook.fingerprint}`;
}

/** `hook of plugin guard: PreToolUse Bash: ${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh`, control characters written out. */
function hookLine(hook: CompiledHook): string {
  const matcher = hook.matcher.source === "" ? "" : ` ${hook.matcher.source}`;
  return visible(`hook of plugin ${hook.plugin?.name}: ${hook.event}${matcher}: ${hookBody(hook)}`);
}
