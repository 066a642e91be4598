/**
 * Kept-alive connections for http hooks, under the SSRF guard. Every run still resolves and
 * checks its URL (ssrf.ts); the check's result picks the agent: one per origin *and* checked
 * address list, so a connection is only ever reused for the same host name, port and scheme,
 * to an address that was just checked for that name. When a name's answer changes, the agent of
 * the old addresses is retired (its running requests finish, nothing new goes to it).
 * Background hooks have agents of their own: a burst of slow audit requests must not take every
 * connection while a waited-for policy hook to the same origin waits, its timeout running.
 */
import type { Agent } from "undici";
import type { CheckedTarget } from "./ssrf.js";
import { createPinnedAgent, type PinnedAgentOptions } from "./ssrf-connector.js";

/**
 * Connections per origin at most, for waited-for hooks and again for background ones; more
 * requests queue (each still bounded by its hook's timeout).
 */
export const DEFAULT_CONNECTIONS_PER_HOST = 8;
/** An idle connection closes after this long; a session's hooks fire seconds apart at most when busy. */
export const DEFAULT_KEEP_ALIVE_MS = 10_000;
/** Opening one connection; the hook's own timeout usually ends the wait sooner. */
const CONNECT_TIMEOUT_MS = 30_000;

export interface PinnedPoolOptions extends Partial<Omit<PinnedAgentOptions, "tls">> {
  tls?: PinnedAgentOptions["tls"];
}

export class PinnedPool {
  private readonly agents = new Map<string, { addresses: string; agent: Agent }>();

  constructor(private readonly options: PinnedPoolOptions = {}) {}

  /** The agent for this checked target, for waited-for or for background requests; created or reused. */
  agentFor(target: CheckedTarget, background = false): Agent {
    const origin = `${background ? "background " : ""}${target.protocol}//${target.host}:${target.port}`;
    const addresses = target.addresses.join(" ");
    const current = this.agents.get(origin);
    if (current?.addresses === addresses) return current.agent;
    if (current) void current.agent.close().catch(() => {});
    const agent = createPinnedAgent(target, {
      connectTimeoutMs: this.options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
      connections: this.options.connections ?? DEFAULT_CONNECTIONS_PER_HOST,
      keepAliveMs: this.options.keepAliveMs ?? DEFAULT_KEEP_ALIVE_MS,
      ...(this.options.tls ? { tls: this.options.tls } : {}),
    });
    this.agents.set(origin, { addresses, agent });
    return agent;
  }

  /** Closes every connection (requests in flight are cut). The pool stays usable: later runs reconnect. */
  async close(): Promise<void> {
    const agents = [...this.agents.values()].map((a) => a.agent);
    this.agents.clear();
    await Promise.all(agents.map((agent) => agent.destroy().catch(() => {})));
  }
}
