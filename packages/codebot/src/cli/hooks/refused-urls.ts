import { type AllowList, type CompiledHook, checkHookUrl, type Problem, SsrfRefusal } from "@codebot/hooks";

/** `localhost` is the one name whose addresses are known without asking DNS. */
const LOCALHOST = [
  { address: "127.0.0.1", family: 4 as const },
  { address: "::1", family: 6 as const },
];

/**
 * http hooks whose url the SSRF guard refuses whatever DNS says: an IP literal or `localhost` that
 * is not public and not in httpHookAllowedHosts (or a scheme or form the guard never sends to).
 * At run time such a hook fails on every call — a guard fails open unless `onError: "block"` — so
 * `hooks validate` says so now. Other names are not looked up here.
 */
export async function refusedUrls(hooks: readonly CompiledHook[], allowList: AllowList): Promise<Problem[]> {
  const problems: Problem[] = [];
  for (const hook of hooks) {
    if (hook.spec.type !== "http") continue;
    const url = hook.spec.url;
    if (!knownWithoutDns(url)) continue;
    try {
      await checkHookUrl(url, { allowList, resolver: async () => LOCALHOST });
    } catch (error) {
      if (!(error instanceof SsrfRefusal)) throw error;
      const guard = hook.blocking ? ' (a guard fails open unless its onError is "block")' : "";
      problems.push({
        severity: "warning",
        file: hook.path,
        event: hook.event,
        index: hook.index,
        field: "url",
        message: `${url}: ${error.message.replace(/^refused: /, "")} — the SSRF guard refuses it, so every run of this hook fails${guard}`,
      });
    }
  }
  return problems;
}

function knownWithoutDns(raw: string): boolean {
  try {
    const host = new URL(raw).hostname;
    return host === "localhost" || /^[\d.]+$/.test(host) || host.startsWith("[");
  } catch {
    // Not a url at all: the guard's own message says so.
    return true;
  }
}
