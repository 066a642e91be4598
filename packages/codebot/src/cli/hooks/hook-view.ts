import { type CompiledHook, describeHook } from "@codebot/hooks";
import type { WireObject } from "../output/wire.js";
import type { InventoryHook, TrustState } from "./hook-inventory.js";

/** What the hook runs: its command, prompt or url, or the MCP tool it calls with its input. */
export function hookBody(hook: CompiledHook): string {
  switch (hook.spec.type) {
    case "command":
      return hook.spec.command;
    case "prompt":
    case "agent":
      return hook.spec.prompt;
    case "http":
      return hook.spec.url;
    case "mcp_tool":
      return `${hook.spec.server}/${hook.spec.tool} ${JSON.stringify(hook.spec.input ?? {})}`;
  }
}

/** The entry's own `env` as `NAME=value …` (what the command runs with), when it sets any. */
export function hookEnvText(hook: CompiledHook): string | undefined {
  const pairs = Object.entries(hook.env);
  return pairs.length === 0 ? undefined : pairs.map(([k, v]) => `${k}=${v}`).join(" ");
}

export function trustText(trust: TrustState): string {
  return trust === "own" ? "approved (user-owned)" : trust;
}

/** The snake_case form of one hook for `--json` outputs. */
export function wireHook({ hook, trust, fingerprint, scripts }: InventoryHook): WireObject {
  const rules = describeHook(hook);
  return {
    event: hook.event,
    index: hook.index,
    name: hook.name,
    type: hook.spec.type,
    [hook.spec.type === "command"
      ? "command"
      : hook.spec.type === "prompt" || hook.spec.type === "agent"
        ? "prompt"
        : hook.spec.type === "http"
          ? "url"
          : "mcp_tool"]: hookBody(hook),
    matcher: hook.matcher.source,
    if: hook.ifMatcher?.source ?? null,
    blocking: hook.blocking,
    timeout_s: hook.timeoutMs / 1000,
    on_error: hook.onError,
    enabled: hook.enabled,
    ...(hook.statusMessage !== undefined ? { status_message: hook.statusMessage } : {}),
    source: hook.source,
    file: hook.path,
    fingerprint,
    scripts,
    trust: trust === "own" ? "approved" : trust,
    user_owned: trust === "own",
    style: rules.style,
    matcher_rule: rules.matcher,
    matched_against: rules.matchedAgainst,
    blocking_rule: rules.blocking,
    ...(rules.plugin !== undefined ? { plugin: rules.plugin } : {}),
  };
}
