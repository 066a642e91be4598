/**
 * Which MCP tool each `mcp__<server>__<tool>` name stands for, for the whole session. Two tools can
 * come to the same name: server `a`'s tool `x__y` and server `a__x`'s tool `y`, a server's `get.file`
 * beside its `get_file` (mcpToolName), or one name listed twice; and names differing only in case
 * (`Deploy`, `deploy`), which a permission rule (it ignores case) reads as one. A hook, permission
 * rule or call for that name would then reach either. The first tool offered under a name keeps it; any other
 * is left out, with a notice, for as long as the session lasts: a server that lists a tool later
 * (`notifications/tools/list_changed`), even after the first one went away, never takes over a
 * name your rules and hooks already meant for another tool. claude 2.1.328 (recorded: servers `a`
 * with `x__y` and `a__x` with `y`) offers the name once, silently, its description one server's or
 * the other's from run to run, and called `a`'s `x__y` (its hooks' `mcp_server` `a`) in both runs
 * that called it.
 */
import { visible } from "../approval/visible-text.js";

export class ToolNameOwners {
  /** Name, lower-cased → the server and raw tool name that hold it, and the name they hold. */
  private readonly owners = new Map<string, { server: string; tool: string; name: string }>();
  /** Tools already reported as left out (each once, not at every change of the tool lists). */
  private readonly reported = new Set<string>();

  /**
   * Whether `tool` of `server` may be offered as `name`; `offered` holds the names given out in the
   * current tool list (lower-cased), so a server that lists a name twice is offered it once.
   */
  claim(
    name: string,
    server: string,
    tool: string,
    offered: ReadonlySet<string>,
    notify: (m: string) => void,
  ): boolean {
    const key = name.toLowerCase();
    const owner = this.owners.get(key);
    if (owner === undefined) {
      this.owners.set(key, { server, tool, name });
      return true;
    }
    const same = owner.server === server && owner.tool === tool;
    if (same && !offered.has(key)) return true;
    const report = JSON.stringify([name, server, tool]);
    if (!this.reported.has(report)) {
      this.reported.add(report);
      notify(
        `codebot: MCP tool ${quoted(tool)} of server ${quoted(server)} left out: ${
          same
            ? `the server lists ${name} more than once; the first is offered`
            : `${owner.name === name ? `${name} already names` : `permission rules, which ignore case, read ${name} as ${owner.name}, the name of`} tool ${quoted(owner.tool)} of server ${quoted(owner.server)}`
        }`,
      );
    }
    return false;
  }
}

function quoted(text: string): string {
  return `"${visible(text)}"`;
}
