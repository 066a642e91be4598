import path from "node:path";
import type { SettingsLayer } from "@codebot/hooks";
import { isClaudeCodeLayer } from "./claude-compat.js";

/** A marketplace a settings file declares (`extraKnownMarketplaces`), and the file that declares it. */
export interface DeclaredMarketplace {
  /** Its `source` object as written (`{"source": "directory", "path": …}`, `{"source": "github", …}`). */
  source: Record<string, unknown>;
  layer: SettingsLayer;
}

/**
 * `extraKnownMarketplaces` of Claude Code's files: marketplace name → its declaration. The first
 * file that declares a name keeps it (the managed settings, then yours, then the project's), so a
 * repository cannot move a marketplace your own settings declare. Entries that are not an object
 * with a `source` object are skipped, as claude drops them.
 */
export function declaredMarketplaces(layers: readonly SettingsLayer[]): Map<string, DeclaredMarketplace> {
  const declared = new Map<string, DeclaredMarketplace>();
  for (const layer of layers) {
    if (!isClaudeCodeLayer(layer)) continue;
    const map = (layer.settings as { extraKnownMarketplaces?: unknown }).extraKnownMarketplaces;
    if (!isObject(map)) continue;
    for (const [name, entry] of Object.entries(map)) {
      const source = isObject(entry) ? entry.source : undefined;
      if (isObject(source) && !declared.has(name)) declared.set(name, { source, layer });
    }
  }
  return declared;
}

/**
 * The folder of a declared marketplace that is on this machine (`directory`: its `path`; `file`:
 * the folder above the `.claude-plugin/` holding the file, where claude 2.1.328 puts
 * `installLocation`), relative paths against the working folder, as claude resolves them (recorded:
 * a project's `"./market"` was registered as `<project>/market`). Undefined for a remote source.
 */
export function declaredFolder(declared: DeclaredMarketplace, cwd: string): string | undefined {
  const { source: kind, path: where } = declared.source;
  if (typeof where !== "string" || where === "") return undefined;
  if (kind === "directory") return path.resolve(cwd, where);
  if (kind === "file") return path.dirname(path.dirname(path.resolve(cwd, where)));
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
