import { describeHook, formatProblem, isManagedHook, type UnmanagedOff } from "@codebot/hooks";
import { visible } from "../../approval/visible-text.js";
import { type Styles, stylesFor } from "../output/styles.js";
import { skipText } from "../output/trace-line.js";
import type { ProjectFlags } from "../project-flags.js";
import { displayPath, type HookInventory, loadInventory } from "./hook-inventory.js";
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

/** The listing of `hooks list` (and of `/hooks` in a session). */
export function hookListLines(inv: HookInventory, s: Styles): string[] {
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
  if (inv.hooks.length === 0) lines.push("no hooks configured");
  let lastEvent = "";
  for (const item of inv.hooks) {
    const h = item.hook;
    if (h.event !== lastEvent) {
      lines.push(s.bold(h.event));
      lastEvent = h.event;
    }
    const trust =
      h.source === "managed"
        ? s.green("approved (managed policy)")
        : item.trust === "own" || item.trust === "approved"
          ? s.green(trustText(item.trust))
          : s.yellow(item.trust);
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
  }
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
