/** Load-time warnings (shown at start and by `hooks validate`) for credentials an http hook's headers name. */
import type { CompiledHook } from "./compiled-hook.js";
import { withheldCredentialMessage } from "./http-credential-vars.js";
import { headersWarning } from "./http-env-vars.js";
import { withheldHeaderVars } from "./http-headers.js";
import type { Problem } from "./problem.js";

/** A warning per http hook and withheld credential its headers name and its allowedEnvVars lists. */
export function withheldCredentialProblems(hooks: readonly CompiledHook[]): Problem[] {
  const problems: Problem[] = [];
  for (const hook of hooks) {
    if (hook.spec.type !== "http") continue;
    for (const variable of withheldHeaderVars(hook.spec.headers, hook.spec.allowedEnvVars))
      problems.push(headersWarning(hook, withheldCredentialMessage(variable)));
  }
  return problems;
}
