import { type CompiledHook, emptyHeaderRefs, type Problem } from "@codebot/hooks";

/**
 * http hooks whose headers name a variable (listed in allowedEnvVars) that is set neither in this
 * environment nor in the settings' `env`, or is set to "": the header would go out empty
 * (`Authorization: Bearer `), which the endpoint reads as a missing token. Checked against the
 * environment `hooks validate` runs in, which is the one a session started here would have.
 */
export function unsetHeaderVars(
  hooks: readonly CompiledHook[],
  env: Readonly<Record<string, string | undefined>>,
): Problem[] {
  const problems: Problem[] = [];
  for (const hook of hooks) {
    if (hook.spec.type !== "http") continue;
    for (const ref of emptyHeaderRefs(hook.spec.headers, hook.spec.allowedEnvVars, env))
      problems.push({
        severity: "warning",
        file: hook.path,
        event: hook.event,
        index: hook.index,
        field: "headers",
        message: `header ${ref.header} would go out with nothing in place of $${ref.variable}, which is ${ref.setButEmpty ? "set but empty" : "not set"} here`,
      });
  }
  return problems;
}
