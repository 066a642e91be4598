import { EVENT_SPECS } from "@codebot/hooks";
import { visible } from "../../approval/visible-text.js";
import type { HookInventory } from "../hooks/hook-inventory.js";
import { hookCountLines, hookListLines } from "../hooks/hooks-list.js";
import type { Styles } from "../output/styles.js";
import type { SessionFlags } from "../session-flags.js";

/**
 * `/hooks [event|all]`: the session's hooks as `codebot hooks list` shows them, when that fits the
 * terminal's height (or there is no terminal); else a count per event, and `/hooks <event>` shows
 * one event's hooks whole (`/hooks all` every hook). Trust is this session's: project hooks allowed
 * for it alone are marked so, not as waiting for approval.
 */
export function hooksCommandLines(
  arg: string,
  loaded: HookInventory,
  flags: SessionFlags,
  s: Styles,
  rows: number | undefined,
): string[] {
  const inv = withSessionTrust(loaded, flags);
  if (arg === "all") return hookListLines(inv, s);
  if (arg !== "") {
    const event = Object.keys(EVENT_SPECS).find((name) => name.toLowerCase() === arg.toLowerCase());
    if (event === undefined)
      return [
        s.red(`unknown event "${visible(arg)}": /hooks <event> (${eventsOf(inv).join(", ")}) or /hooks all`),
      ];
    return hookListLines(inv, s, event);
  }
  const whole = hookListLines(inv, s);
  // The prompt and its status line stay in view under it.
  if (rows === undefined || whole.length <= rows - 2) return whole;
  return [
    ...hookCountLines(inv, s),
    s.dim(`/hooks <event> lists one event's hooks (/hooks ${eventsOf(inv)[0]}), /hooks all every hook`),
  ];
}

/** The events that have hooks, in the listing's order. */
function eventsOf(inv: HookInventory): string[] {
  return [...new Set(inv.hooks.map((item) => item.hook.event))];
}

function withSessionTrust(inv: HookInventory, flags: SessionFlags): HookInventory {
  const once = new Set(flags.hooksApprovedOnce ?? []);
  return {
    ...inv,
    hooks: inv.hooks.map((item) =>
      (item.trust === "needs approval" || item.trust === "changed since approval") &&
      (flags.trustProjectHooks || once.has(item.fingerprint))
        ? { ...item, trust: "approved for this session" }
        : item,
    ),
  };
}
