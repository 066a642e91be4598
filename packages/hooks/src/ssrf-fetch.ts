/**
 * A `fetch` under the http hooks' SSRF guard, for other clients that reach URLs a repository
 * chose (the MCP client's remote servers from project files): every request checks its URL
 * (scheme, credentials, every resolved address against the blocked ranges and the user's
 * allow-list) and connects only to the checked addresses. Redirects are not followed.
 */
import type { AllowList } from "./http-allowlist.js";
import type { PinnedPool } from "./http-pool.js";
import { checkHookUrl, type HostResolver, systemResolver } from "./ssrf.js";

export interface GuardedFetch {
  fetch(url: string | URL, init?: RequestInit): Promise<Response>;
  /** Closes its kept-alive connections. */
  close(): Promise<void>;
}

export function createGuardedFetch(options: { allowList: AllowList; resolver?: HostResolver }): GuardedFetch {
  // Loaded on the first request, as the http executor does: most sessions never need them.
  let loaded: Promise<{ pool: PinnedPool; fetch: typeof import("undici").fetch }> | undefined;
  const load = () =>
    (loaded ??= Promise.all([import("./http-pool.js"), import("undici")]).then(([pool, undici]) => ({
      pool: new pool.PinnedPool(),
      fetch: undici.fetch,
    })));
  const resolver = options.resolver ?? systemResolver;
  return {
    async fetch(url, init) {
      const target = await checkHookUrl(String(url), {
        allowList: options.allowList,
        resolver,
        ...(init?.signal ? { signal: init.signal } : {}),
      });
      const { pool, fetch } = await load();
      const response = await fetch(target.href, {
        ...(init as Parameters<typeof fetch>[1]),
        redirect: "manual",
        dispatcher: pool.agentFor(target),
      });
      return response as unknown as Response;
    },
    async close() {
      const current = loaded;
      loaded = undefined;
      await (await current)?.pool.close();
    },
  };
}
