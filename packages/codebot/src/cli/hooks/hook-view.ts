import {
  type CompiledHook,
  claudeHookSendsConversation,
  commandLine,
  describeHook,
  headerEnvVars,
  withheldHeaderVars,
} from "@codebot/hooks";
import { visible } from "../../approval/visible-text.js";
import type { Styles } from "../output/styles.js";
import type { WireObject } from "../output/wire.js";
import type { InventoryHook, TrustState } from "./hook-inventory.js";
import { scriptLines } from "./script-lines.js";
import { uncheckedPathLines } from "./unchecked-paths.js";

/** What the hook runs: its command, prompt or url, or the MCP tool it calls with its input. */
export function hookBody(hook: CompiledHook): string {
  switch (hook.spec.type) {
    case "command":
      return commandLine(hook.spec);
    case "prompt":
    case "agent":
      return hook.spec.prompt;
    case "http":
      return hook.spec.url;
    case "mcp_tool":
      return `${hook.spec.server}/${hook.spec.tool} ${JSON.stringify(hook.spec.input ?? {})}`;
    case "callback":
      return `the Agent SDK program's ${hook.spec.callbackId}`;
  }
}

/**
 * Everything a hook runs with, as every consent screen and listing shows it (`hooks list`, `hooks
 * trust`, the project question, the question about a changed hook): one function, so they cannot
 * drift apart. Values as written, before `$VAR` expansion, with control characters escaped; the
 * environment variables an http hook sends out stand out. All of it is in the hook's fingerprint
 * (the entry's canonical JSON and the scripts' content), so changing any of it asks again.
 */
export function hookDetailLines(
  hook: CompiledHook,
  scripts: readonly string[],
  cwd: string,
  s: Styles,
): string[] {
  const spec = hook.spec;
  const lines = [`${spec.type}: ${visible(hookBody(hook))}`];
  if ((spec.type === "prompt" || spec.type === "agent") && spec.model !== undefined)
    lines.push(`model: ${visible(spec.model)}`);
  if (hook.style === "claude" && claudeHookSendsConversation(hook.event, spec.type))
    lines.push(
      s.yellow(
        "sends the stopping agent's whole conversation to its model (files read, command output, anything the session saw)",
      ),
    );
  if (spec.type === "http") {
    for (const [name, value] of Object.entries(spec.headers ?? {}))
      lines.push(`header: ${visible(name)}: ${visible(value)}`);
    if (spec.allowedEnvVars !== undefined && spec.allowedEnvVars.length > 0)
      lines.push(`allowedEnvVars: ${visible(spec.allowedEnvVars.join(", "))}`);
    const sent = headerEnvVars(spec.headers, spec.allowedEnvVars);
    if (sent.length > 0)
      lines.push(s.yellow(`sends environment variables in its headers: ${visible(sent.join(", "))}`));
    // Listed and named, but never sent: a repository asking for the model key is itself a warning sign.
    const withheld = withheldHeaderVars(spec.headers, spec.allowedEnvVars);
    if (withheld.length > 0)
      lines.push(
        s.yellow(
          `asks for model credentials, which are never sent (sent as nothing): ${visible(withheld.join(", "))}`,
        ),
      );
  }
  for (const [name, value] of Object.entries(hook.env)) lines.push(`env: ${visible(`${name}=${value}`)}`);
  lines.push(...scriptLines(hook, scripts, cwd));
  lines.push(...uncheckedPathLines(hook, cwd));
  return lines;
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
          : hook.spec.type === "callback"
            ? "callback"
            : "mcp_tool"]: hookBody(hook),
    ...(hook.spec.type === "http"
      ? { headers: hook.spec.headers ?? {}, allowed_env_vars: hook.spec.allowedEnvVars ?? [] }
      : {}),
    ...((hook.spec.type === "prompt" || hook.spec.type === "agent") && hook.spec.model !== undefined
      ? { model: hook.spec.model }
      : {}),
    // The text listing's yellow warning, for programs: such a hook's model gets the whole conversation.
    ...(hook.style === "claude" && claudeHookSendsConversation(hook.event, hook.spec.type)
      ? { sends_conversation: true }
      : {}),
    env: hook.env,
    matcher: hook.matcher.source,
    if: hook.ifMatcher?.source ?? hook.ifRule?.source ?? null,
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
    ...(rules.if !== undefined ? { if_rule: rules.if } : {}),
    blocking_rule: rules.blocking,
    ...(rules.plugin !== undefined ? { plugin: rules.plugin } : {}),
  };
}
