import { formatProblem } from "@codebot/hooks";
import { RESOURCE_TOOL_NAMES } from "../../mcp/resource-tool-names.js";
import { BUILTIN_TOOL_NAMES } from "../../tools/builtin-tool-names.js";
import { stylesFor } from "../output/styles.js";
import type { ProjectFlags } from "../project-flags.js";
import { problemLines } from "../settings-check.js";
import { loadInventory } from "./hook-inventory.js";
import { neverFiringMatchers } from "./never-firing-matchers.js";
import { refusedUrls } from "./refused-urls.js";
import { withScopedHooks } from "./scoped-inventory.js";
import { unsetHeaderVars } from "./unset-header-vars.js";

/**
 * `codebot hooks validate [--json]`: every problem with its location — of the settings files, the
 * skills and the custom agents, and matchers on tools codebot has no tool for — exit 1 on any error.
 */
export async function hooksValidate(flags: ProjectFlags, json: boolean): Promise<number> {
  const inv = await withScopedHooks(loadInventory(flags));
  // The skill tool joins the built-in ones in a session with skills, the resource tools in one
  // with an MCP server that has resources.
  const tools = [...BUILTIN_TOOL_NAMES, "skill", ...RESOURCE_TOOL_NAMES];
  const compiled = inv.hooks.map((h) => h.hook);
  inv.problems.push(
    ...neverFiringMatchers(compiled, tools),
    ...(await refusedUrls(compiled, inv.project.httpAllowList.hosts)),
    ...unsetHeaderVars(compiled, { ...process.env, ...inv.project.settings.env }),
  );
  const errors = inv.problems.filter((p) => p.severity === "error").length;
  const warnings = inv.problems.length - errors;
  if (json) {
    const out = {
      ok: errors === 0,
      errors,
      warnings,
      files: inv.project.layers.map((l) => ({ source: l.source, file: l.path })),
      // Each problem with its place, and `message` as the line the text output prints.
      problems: inv.problems.map((p) => ({ ...p, message: formatProblem(p) })),
    };
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  } else {
    const s = stylesFor(process.stdout);
    const lines = problemLines(inv.problems, s);
    const files =
      inv.project.layers.length === 1 ? "1 settings file" : `${inv.project.layers.length} settings files`;
    const hooks = inv.hooks.length === 1 ? "1 hook" : `${inv.hooks.length} hooks`;
    lines.push(`${files}, ${hooks}: ${errors} error(s), ${warnings} warning(s)`);
    process.stdout.write(`${lines.join("\n")}\n`);
  }
  return errors > 0 ? 1 : 0;
}
