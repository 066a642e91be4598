import path from "node:path";
import { scriptsText } from "@codebot/hooks";
import { parsePermissionRule } from "../approval/permission-rule.js";
import { filesRunBy, grantRunning, realPathOf } from "./grant-runs.js";

/**
 * The grant a project's allow rule needs (settings `permissions.allow`, a project skill's
 * `allowed-tools`): `allow:<rule>`, and when the command the rule names runs project files —
 * `Bash(./scripts/check.sh)`, `Bash(npm test)` (`package.json`), `Bash(make lint:*)`
 * (`Makefile`) — the content of those files too (`… (runs package.json #<digest>)`), read as a
 * hook command's are. Approving the rule approves what it runs: a `git pull` that puts another
 * script behind `npm test` asks again, as an edited hook script does.
 */
export function allowGrant(rule: string, projectDir: string | undefined): string {
  const grant = `allow:${rule}`;
  const command = projectDir === undefined ? undefined : commandOf(rule);
  if (command === undefined || projectDir === undefined) return grant;
  // Real paths: the same rule gives the same grant whichever spelling of the folder asked.
  const root = realPathOf(projectDir) ?? projectDir;
  const runs = filesRunBy(command, root);
  return grantRunning(
    grant,
    runs.map((file) => path.relative(root, file)),
    scriptsText(runs, root),
  );
}

/** The command a bash rule names, up to what `:*` or a `*` stands for: `Bash(npm run lint:*)` → `npm run lint`. */
function commandOf(rule: string): string | undefined {
  const parsed = parsePermissionRule(rule);
  const pattern = parsed.ok ? parsed.rule.bash : undefined;
  if (pattern === undefined) return undefined;
  if (pattern.kind === "prefix") return pattern.prefix;
  if (pattern.kind === "exact") return pattern.command;
  const named = pattern.source.slice(0, pattern.source.indexOf("*")).trim();
  return named === "" ? undefined : named;
}
