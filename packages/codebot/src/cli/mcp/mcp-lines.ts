import { visible } from "../../approval/visible-text.js";
import { promptCommandName } from "../../mcp/prompt-command-name.js";
import { displayPath } from "../hooks/hook-inventory.js";
import type { Styles } from "../output/styles.js";

/** One server as `codebot mcp list` and `/mcp` show it. */
export interface ServerRow {
  name: string;
  state: string;
  origin: string;
  file: string;
  /** What it runs, as consent screens show it (serverDetailLines); absent in `/mcp`, which shows the live state. */
  details?: string[];
  /** Its approval, for servers of project files. */
  trust?: string;
  tools: string[];
  /** Its prompts' names (slash commands `/mcp__<server>__<prompt>`), when it has some. */
  prompts?: string[];
  error?: string;
}

export function serverLines(rows: readonly ServerRow[], cwd: string, st: Styles): string[] {
  const out: string[] = [];
  if (rows.length === 0) out.push("no MCP servers configured");
  for (const row of rows) {
    const state =
      row.state === "connected"
        ? st.green(row.state)
        : row.state === "failed"
          ? st.red(row.state)
          : st.yellow(row.state);
    const trust = row.trust === undefined || row.trust === "own" ? "" : ` · ${row.trust}`;
    out.push(`${st.bold(visible(row.name))} · ${state}${trust}`);
    for (const line of row.details ?? []) out.push(`  ${line}`);
    out.push(`  from ${row.origin} ${visible(displayPath(row.file, cwd))}`);
    if (row.error) out.push(`  ${st.red(visible(row.error))}`);
    if (row.tools.length > 0) out.push(`  tools: ${row.tools.map((t) => visible(t)).join(", ")}`);
    if (row.prompts !== undefined)
      out.push(
        `  prompts: ${row.prompts.map((p) => visible(`/${promptCommandName(row.name, p)}`)).join(", ")}`,
      );
  }
  if (rows.some((r) => r.state === "not approved"))
    out.push("", 'run "codebot mcp trust" to review the project\'s servers');
  return out;
}
