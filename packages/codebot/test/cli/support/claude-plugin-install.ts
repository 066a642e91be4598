import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Sandbox } from "./cli-fixtures.js";

const INSTALLED = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../fixtures/claude-code-2.1.328/plugin-install",
);

/**
 * `~/.claude` as `claude plugin marketplace add` + `claude plugin install guard@local-market` left it.
 * `root` is where claude runs the plugin from: the marketplace's folder (`market/plugins/guard`),
 * not `copy`, the copy under `plugins/cache` that `installPath` names. The marketplace's folder is
 * `~/market` unless `market` names another (one in the project, say).
 */
export function installPluginAsClaudeCodeDid(
  box: Sandbox,
  market = path.join(box.home, "market"),
): {
  claudeHome: string;
  root: string;
  copy: string;
} {
  const claudeHome = path.join(box.home, ".claude");
  copyMarketplace(market);
  for (const file of ["settings.json", "plugins/installed_plugins.json", "plugins/known_marketplaces.json"]) {
    const text = fs
      .readFileSync(path.join(INSTALLED, "claude-home", file), "utf8")
      .replaceAll("${CLAUDE_HOME}", claudeHome)
      .replaceAll("${MARKETPLACE}", market);
    box.write(path.join(claudeHome, file), text);
  }
  const root = path.join(market, "plugins/guard");
  const copy = path.join(claudeHome, "plugins/cache/local-market/guard/1.0.0");
  fs.cpSync(root, copy, { recursive: true });
  return { claudeHome, root, copy };
}

/**
 * The local marketplace `local-market` (its `guard` plugin) put at `market`, as a repository or a
 * download holds it: nothing registered nor installed. Returns the plugin's folder.
 */
export function copyMarketplace(market: string): string {
  fs.cpSync(path.join(INSTALLED, "market"), market, { recursive: true });
  return path.join(market, "plugins/guard");
}
