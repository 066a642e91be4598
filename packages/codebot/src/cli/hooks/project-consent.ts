/**
 * The one consent question per project (issue 11): everything a project's settings ask for that is
 * not approved yet — every hook with its event, matcher, exact command and file, every permission
 * grant — listed at once, approved or not with one answer. `codebot hooks trust` and the start of an
 * interactive session both use it.
 */
import { USER_OWNED_SOURCES } from "@codebot/hooks";
import { visible } from "../../approval/visible-text.js";
import { loadServerEntries } from "../../mcp/server-entries.js";
import type { ServerEntry } from "../../mcp/server-entry.js";
import { serverDetailLines } from "../mcp/server-view.js";
import type { Styles } from "../output/styles.js";
import { displayPath, type HookInventory, type InventoryHook, projectHooks } from "./hook-inventory.js";
import { hookDetailLines } from "./hook-view.js";

export interface PendingConsent {
  hooks: InventoryHook[];
  grants: HookInventory["project"]["settings"]["permissions"]["untrusted"];
  /** MCP servers of the project's files (`.mcp.json`, project settings) not approved yet. */
  mcpServers: ServerEntry[];
}

/** What the project asks for that is not approved yet. */
export function pendingConsent(
  inv: HookInventory,
  options: { strictMcpConfig?: boolean } = {},
): PendingConsent {
  return {
    // Under the managed settings' switches (allowManagedHooksOnly) a project hook never runs: nothing to ask.
    hooks: inv.unmanagedOff ? [] : projectHooks(inv).filter((h) => h.trust !== "approved"),
    grants: inv.project.settings.permissions.untrusted,
    // Under --strict-mcp-config the project's servers do not start: nothing to ask about them.
    mcpServers: loadServerEntries({
      strict: options.strictMcpConfig === true,
      cwd: inv.cwd,
      layers: inv.project.layers,
      ...(inv.project.claudeJson !== undefined ? { claudeJson: inv.project.claudeJson } : {}),
      ...(inv.project.managedMcpFiles !== undefined ? { managedMcpFiles: inv.project.managedMcpFiles } : {}),
      plugins: inv.project.plugins,
    }).entries.filter((e) => e.approvalNeeded && !inv.project.isGrantTrusted(e.grant)),
  };
}

/**
 * The question's first line: what asks. The project's settings, your own hooks that would run a
 * program of the project (hook-consent.ts), or both.
 */
export function consentHeader(inv: HookInventory, p: PendingConsent): string {
  const ownHooks = p.hooks.some((h) => USER_OWNED_SOURCES.has(h.hook.source));
  // Your own allow rules whose git would run what the repository's .git brings (ownRuleRunningGit),
  // your status line, apiKeyHelper and MCP servers that run a program of the project.
  const ownGrants = p.grants.filter((g) => USER_OWNED_SOURCES.has(g.source));
  const ownRules = ownGrants.some((g) => g.grant.startsWith("allow:"));
  const ownStatusLine = ownGrants.some((g) => g.grant.startsWith("statusLine:"));
  const ownKeyHelper = ownGrants.some((g) => g.grant.startsWith("apiKeyHelper:"));
  const ownServers = p.mcpServers.some((e) => !e.needsConsent);
  const own = [
    ownHooks ? "hooks" : "",
    ownRules ? "allow rules" : "",
    ownStatusLine ? "status line" : "",
    ownKeyHelper ? "apiKeyHelper" : "",
    ownServers ? "MCP servers" : "",
  ]
    .filter(Boolean)
    .join(" and ");
  const project =
    p.hooks.some((h) => !USER_OWNED_SOURCES.has(h.hook.source)) ||
    p.grants.some((g) => !USER_OWNED_SOURCES.has(g.source)) ||
    p.mcpServers.some((e) => e.needsConsent);
  if (!project) return `Your own ${own} would run programs of this project (${inv.cwd}):`;
  const theirs = `This project's settings (${inv.cwd}) ask to run code or grant permissions`;
  return own !== "" ? `${theirs}, and your own ${own} would run its programs:` : `${theirs}:`;
}

export function nothingPending(p: PendingConsent): boolean {
  return p.hooks.length === 0 && p.grants.length === 0 && p.mcpServers.length === 0;
}

/** An env grant of a variable model access reads (docs/cli.md): a project's value redirects the model's traffic. */
const MODEL_ACCESS = /^env:(?:ANTHROPIC_[A-Z_]+|OPENAI_[A-Z_]+|CODEBOT_COMPAT_[A-Z_]+|CODEBOT_MODEL)=/;

/**
 * The listing: one block per hook (event and matcher, what it runs with which env, the project
 * scripts it runs, where it is), then the grants. Everything shown with control characters
 * escaped (`visible`), so what is approved is what runs.
 */
export function consentLines(inv: HookInventory, p: PendingConsent, s: Styles): string[] {
  const out: string[] = [];
  for (const { hook, trust, fingerprint, scripts } of p.hooks) {
    const matcher = hook.matcher.source === "" ? "" : ` ${s.dim(`matcher ${visible(hook.matcher.source)}`)}`;
    out.push(`${s.bold(hook.event)}${matcher} ${s.cyan(visible(hook.name))} · ${s.yellow(trust)}`);
    for (const line of hookDetailLines(hook, scripts, inv.cwd, s)) out.push(`  ${line}`);
    out.push(
      `  from ${hook.source} ${visible(displayPath(hook.path, inv.cwd))} · fingerprint ${fingerprint.slice(0, 16)}`,
    );
  }
  const own = p.grants.filter((g) => USER_OWNED_SOURCES.has(g.source));
  if (own.length > 0) {
    out.push("your own settings that would run programs the repository brings (not approved yet):");
    for (const g of own)
      out.push(`  ${visible(g.grant)} (${g.source} ${visible(displayPath(g.file, inv.cwd))})`);
  }
  const theirs = p.grants.filter((g) => !own.includes(g));
  if (theirs.length > 0) {
    out.push("permission grants asked for by project settings (not trusted yet):");
    for (const g of theirs) {
      out.push(`  ${visible(g.grant)} (${g.source} ${visible(displayPath(g.file, inv.cwd))})`);
      if (MODEL_ACCESS.test(g.grant))
        out.push(`    ${s.yellow("model access: this value decides where your prompts and API key go")}`);
    }
  }
  const servers = (title: string, entries: readonly ServerEntry[]) => {
    if (entries.length === 0) return;
    out.push(title);
    for (const e of entries) {
      out.push(`  ${s.bold(visible(e.name))}`);
      for (const line of serverDetailLines(e, inv.cwd, s)) out.push(`    ${line}`);
      out.push(`    from ${e.origin} ${visible(displayPath(e.file, inv.cwd))}`);
    }
  };
  servers(
    "MCP servers the project wants to start (not approved yet):",
    p.mcpServers.filter((e) => e.needsConsent),
  );
  servers(
    "your own MCP servers that would run programs the repository brings (not approved yet):",
    p.mcpServers.filter((e) => !e.needsConsent),
  );
  return out;
}

/** Approves everything pending for good (the trust store of the project). */
export function approveAll(inv: HookInventory, p: PendingConsent): void {
  for (const { hook, fingerprint } of p.hooks) {
    inv.project.trustStore.trustHook(fingerprint, {
      event: hook.event,
      source: hook.source,
      label: hook.name,
      path: hook.path,
    });
  }
  const grants = [...p.grants.map((g) => g.grant), ...p.mcpServers.map((e) => e.grant)];
  if (grants.length > 0) inv.project.trustStore.trustGrants(grants);
}
