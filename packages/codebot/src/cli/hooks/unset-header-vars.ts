import { type CompiledHook, type Problem, unsetHeaderEnvVars } from "@codebot/hooks";

/**
 * http hooks whose headers name a variable (listed in allowedEnvVars) that is set neither in this
 * environment nor in the settings' `env`: the header would go out empty (`Authorization: Bearer `),
 * which the endpoint reads as a missing token. Checked against the environment `hooks validate`
 * runs in, which is the one a session started here would have.
 */
export function unsetHeaderVars(
  hooks: readonly CompiledHook[],
  env: Readonly<Record<string, string | undefined>>,
): Problem[] {
  const problems: Problem[] = [];
  for (const hook of hooks) {
    if (hook.spec.type !== "http") continue;
    const unset = unsetHeaderEnvVars(hook.spec.headers, hook.spec.allowedEnvVars, env);
    if (unset.length === 0) continue;
    problems.push({
      severity: "warning",
      file: hook.path,
      event: hook.event,
      index: hook.index,
      field: "headers",
      message: `${unset.map((name) => `$${name}`).join(", ")} ${unset.length === 1 ? "is" : "are"} not set here: the header${unset.length === 1 ? "" : "s"} naming ${unset.length === 1 ? "it goes" : "them go"} out with nothing in ${unset.length === 1 ? "its" : "their"} place`,
    });
  }
  return problems;
}
