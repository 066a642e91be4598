import { describeHook, formatProblem, isManagedHook, type UnmanagedOff } from "@codebot/hooks";
import { visible } from "../../approval/visible-text.js";
import { type Styles, stylesFor } from "../output/styles.js";
import { skipText } from "../output/trace-line.js";
import type { ProjectFlags } from "../project-flags.js";
import { displayPath, type HookInventory, type InventoryHook, loadInventory } from "./hook-inventory.js";
import { hookDetailLines, trustText, wireHook } from "./hook-view.js";
import { withScopedHooks } from "./scoped-inventory.js";

/** `codebot hooks list [--json]`: every hook with its filters, source and trust state. */
export async function hooksList(flags: ProjectFlags, json: boolean): Promise<number> {
  const inv = await withScopedHooks(loadInventory(flags));
  if (json) {
    const out = {
      cwd: inv.cwd,
      disabled: inv.disabled,
      ...(inv.unmanagedOff ? { unmanaged_hooks_skipped: skipText(inv.unmanagedOff) } : {}),
      files: inv.project.layers.map((l) => ({ source: l.source, file: l.path })),
      hooks: inv.hooks.map(wireHook),
      problems: inv.problems.map((p) => ({ severity: p.severity, message: formatProblem(p) })),
    };
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    return 0;
  }
  process.stdout.write(`${hookListLines(inv, stylesFor(process.stdout)).join("\n")}\n`);
  return 0;
}

/**
 * The listing of `hooks list` (and of `/hooks` in a session): every hook, grouped by event (each
 * event once, in the order events first appear; its hooks in configuration order). With `only`,
 * the hooks of that event alone.
 */
export function hookListLines(inv: HookInventory, s: Styles, only?: string): string[] {
  const lines = headerLines(inv, s);
  const hooks = only === undefined ? inv.hooks : inv.hooks.filter((item) => item.hook.event === only);
  if (hooks.length === 0) lines.push(only === undefined ? "no hooks configured" : `no ${only} hooks`);
  for (const [event, items] of byEvent(hooks)) {
    lines.push(s.bold(event));
    for (const item of items) lines.push(...hookLines(item, inv, s));
  }
  return [...lines, ...footerLines(inv, s)];
}

/**
 * The listing's short form, for a terminal it would overflow: per event, how many hooks and where
 * from (`PreToolUse  15  user 6 · project 7 · plugin fmt 2`).
 */
export function hookCountLines(inv: HookInventory, s: Styles): string[] {
  const lines = headerLines(inv, s);
  const groups = byEvent(inv.hooks);
  lines.push(`${inv.hooks.length} hooks, ${groups.size} events:`);
  const width = Math.max(...[...groups.keys()].map((event) => event.length));
  for (const [event, items] of groups) {
    const from = new Map<string, number>();
    for (const { hook } of items) {
      const plugin = describeHook(hook).plugin;
      const key = plugin !== undefined ? `plugin ${plugin}` : hook.source;
      from.set(key, (from.get(key) ?? 0) + 1);
    }
    const sources = [...from].map(([source, n]) => `${visible(source)} ${n}`).join(" · ");
    lines.push(`  ${s.bold(event.padEnd(width))}  ${String(items.length).padStart(3)}  ${s.dim(sources)}`);
  }
  return [...lines, ...footerLines(inv, s)];
}

/** The hooks by event, each event once, in the order the events first appear. */
function byEvent(hooks: readonly InventoryHook[]): Map<string, InventoryHook[]> {
  const groups = new Map<string, InventoryHook[]>();
  for (const item of hooks) groups.set(item.hook.event, [...(groups.get(item.hook.event) ?? []), item]);
  return groups;
}

/** The settings files read, and whether the managed settings keep hooks from running. */
function headerLines(inv: HookInventory, s: Styles): string[] {
  const lines: string[] = [];
  lines.push(s.bold("settings files read"));
  if (inv.project.layers.length === 0) lines.push("  (none)");
  for (const layer of inv.project.layers) lines.push(`  ${layer.source.padEnd(7)} ${visible(layer.path)}`);
  lines.push("");
  if (inv.disabled)
    lines.push(s.yellow('"disableAllHooks": true is set: hooks are listed but none runs'), "");
  if (inv.unmanagedOff)
    lines.push(
      s.yellow(`only the managed hooks run; the others are skipped: ${skipText(inv.unmanagedOff)}`),
      "",
    );
  return lines;
}

/** One hook: its name, what it runs, its filters, where it is from and its trust. */
function hookLines(item: InventoryHook, inv: HookInventory, s: Styles): string[] {
  const lines: string[] = [];
  const h = item.hook;
  const trust =
    h.source === "managed"
      ? s.green("approved (managed policy)")
      : item.trust === "needs approval" || item.trust === "changed since approval"
        ? s.yellow(item.trust)
        : s.green(trustText(item.trust));
  const off = inv.unmanagedOff !== undefined && !isManagedHook(h);
  const state = !h.enabled
    ? " (disabled)"
    : off
      ? ` (skipped: ${skipText(inv.unmanagedOff as UnmanagedOff)})`
      : "";
  lines.push(`  ${s.cyan(visible(h.name))}${state === "" ? "" : s.yellow(state)}`);
  for (const line of hookDetailLines(h, item.scripts, inv.cwd, s)) lines.push(`    ${line}`);
  const rules = describeHook(h);
  // Claude Code groups follow other rules (§11): the listing says which, in words.
  const filters =
    h.style === "claude"
      ? [
          "style: claude group",
          `matcher: ${rules.matcher} on ${rules.matchedAgainst}`,
          ...(rules.if !== undefined ? [`if: ${rules.if}`] : []),
          `blocking: ${rules.blocking}`,
          `timeout ${rules.timeoutS} s`,
        ]
      : [
          `matcher: ${h.matcher.source === "" ? "(all)" : h.matcher.source}`,
          `if: ${h.ifMatcher ? h.ifMatcher.source : "(none)"}`,
          h.blocking ? "blocking" : "non-blocking",
          `timeout ${h.timeoutMs / 1000} s`,
        ];
  if (h.blocking) filters.push(`onError: ${h.onError}`);
  lines.push(`    ${visible(filters.join(" · "))}`);
  const from = rules.plugin !== undefined ? `plugin ${rules.plugin}` : h.source;
  lines.push(`    from ${visible(from)} ${visible(displayPath(h.path, inv.cwd))} · trust: ${trust}`);
  return lines;
}

/** Project hooks waiting for approval, and the settings' problems. */
function footerLines(inv: HookInventory, s: Styles): string[] {
  const lines: string[] = [];
  const pending = inv.unmanagedOff
    ? []
    : inv.hooks.filter((h) => h.trust === "needs approval" || h.trust === "changed since approval");
  if (pending.length > 0) {
    lines.push(
      "",
      s.yellow(`${pending.length} project hook(s) will not run until approved: run "codebot hooks trust"`),
    );
  }
  const errors = inv.problems.filter((p) => p.severity === "error").length;
  if (inv.problems.length > 0) {
    lines.push(
      "",
      s.yellow(
        `${errors} error(s), ${inv.problems.length - errors} warning(s): run "codebot hooks validate"`,
      ),
    );
  }
  return lines;
}
