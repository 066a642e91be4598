/**
 * `httpHookAllowedEnvVars` (Claude Code 2.1.328): a list of the environment variables http hooks
 * may put into their headers. When any layer sets it, each http hook's `allowedEnvVars` is cut to
 * the names the lists hold (the lists of all layers together, as claude merges them); a name the
 * hook asks for and the list leaves out is not expanded (the header carries nothing there), with a
 * warning. Honoured from the user-owned layers only: a repository must not be able to widen it.
 */
import type { CompiledHook } from "./compiled-hook.js";
import { unlistedHeaderRefs } from "./http-headers.js";
import type { Problem } from "./problem.js";
import { type SettingsLayer, USER_OWNED_SOURCES } from "./settings-layer.js";

/** The merged list of the user-owned layers, or undefined when none sets one; problems for the rest. */
export function allowedEnvVarsFromLayers(layers: readonly SettingsLayer[]): {
  names: ReadonlySet<string> | undefined;
  problems: Problem[];
} {
  let names: Set<string> | undefined;
  const problems: Problem[] = [];
  for (const layer of layers) {
    const settings = layer.settings as Record<string, unknown> | null | undefined;
    const value = settings?.httpHookAllowedEnvVars;
    if (value === undefined || typeof settings !== "object") continue;
    const report = (severity: Problem["severity"], message: string) =>
      problems.push({ file: layer.path, severity, field: "httpHookAllowedEnvVars", message });
    if (!USER_OWNED_SOURCES.has(layer.source)) {
      report("warning", "only honoured in user settings, --settings files and managed settings; ignored");
      continue;
    }
    if (!Array.isArray(value) || value.some((name) => typeof name !== "string")) {
      report("error", "must be a list of variable names");
      continue;
    }
    names ??= new Set();
    for (const name of value as string[]) names.add(name);
  }
  return { names, problems };
}

/**
 * A warning per header variable an http hook's `allowedEnvVars` does not list: it is sent as
 * nothing, and the endpoint then sees an empty header with no hint why (claude 2.1.328 sends it
 * as nothing too, and says so only in its debug log).
 */
export function unlistedHeaderVariables(hooks: readonly CompiledHook[]): Problem[] {
  const problems: Problem[] = [];
  for (const hook of hooks) {
    if (hook.spec.type !== "http") continue;
    for (const ref of unlistedHeaderRefs(hook.spec.headers, hook.spec.allowedEnvVars))
      problems.push(
        headersWarning(
          hook,
          `header ${ref.header} uses $${ref.variable}, which allowedEnvVars does not list: it goes out as nothing`,
        ),
      );
  }
  return problems;
}

/** A load-time warning about an http hook's `headers`, at the hook's place in its settings. */
export function headersWarning(hook: CompiledHook, message: string): Problem {
  return {
    file: hook.path,
    severity: "warning",
    event: hook.event,
    index: hook.index,
    field: hook.memberIndex === undefined ? "headers" : `hooks[${hook.memberIndex}].headers`,
    message,
  };
}

/** The hooks with every http hook's `allowedEnvVars` cut to `names` (when given), and a warning per cut. */
export function limitHeaderVariables(
  hooks: readonly CompiledHook[],
  names: ReadonlySet<string> | undefined,
): { hooks: CompiledHook[]; problems: Problem[] } {
  const problems: Problem[] = [];
  if (names === undefined) return { hooks: [...hooks], problems };
  const limited = hooks.map((hook) => {
    if (hook.spec.type !== "http" || hook.spec.allowedEnvVars === undefined) return hook;
    const kept = hook.spec.allowedEnvVars.filter((name) => names.has(name));
    const dropped = hook.spec.allowedEnvVars.filter((name) => !names.has(name));
    if (dropped.length === 0) return hook;
    problems.push({
      file: hook.path,
      severity: "warning",
      event: hook.event,
      index: hook.index,
      field: hook.memberIndex === undefined ? "allowedEnvVars" : `hooks[${hook.memberIndex}].allowedEnvVars`,
      message: `${dropped.join(", ")} not in httpHookAllowedEnvVars: ${hook.name} sends ${dropped.length === 1 ? "it" : "them"} as nothing`,
    });
    return { ...hook, spec: { ...hook.spec, allowedEnvVars: kept } };
  });
  return { hooks: limited, problems };
}
