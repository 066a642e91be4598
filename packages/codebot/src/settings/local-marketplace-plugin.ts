import fs from "node:fs";
import path from "node:path";
import type { SettingsLayer } from "@codebot/hooks";
import { type DeclaredMarketplace, declaredFolder } from "./declared-marketplaces.js";
import { readSettingsText } from "./read-settings-text.js";

/** Where an enabled plugin of a marketplace is read from. */
export type LocalPluginFolder =
  /** Its marketplace is not a folder here (GitHub with its clone, git, a URL): the installed copy is the plugin. */
  | { kind: "installed-copy" }
  /**
   * `declaredBy`: the marketplace is not registered here, and this settings file's
   * `extraKnownMarketplaces` put it at that folder (a project's: the plugin comes with the project).
   */
  | { kind: "folder"; dir: string; declaredBy?: SettingsLayer }
  /** claude loads nothing: its marketplace, or the plugin in it, is not there. */
  | { kind: "gone"; message: string };

/**
 * A plugin of a marketplace that is a folder on this machine (`claude plugin marketplace add
 * ./dir`, or `…/marketplace.json`: source `directory` or `file` in `known_marketplaces.json`) is
 * read by claude 2.1.328 from that folder, where the marketplace's `marketplace.json` says it is
 * now (its `source`, under `metadata.pluginRoot`), not from the copy `installPath` points at: an
 * edit there counts without reinstalling (recorded: a hook added to the folder's `hooks.json` ran,
 * `CLAUDE_PLUGIN_ROOT` was the folder). A plugin whose folder, entry or marketplace is gone did
 * not load at all (no fallback to the copy). A relative `installLocation` (a hand-edited file:
 * `claude plugin marketplace add ./dir` writes the folder absolute) is resolved against the
 * working folder, as claude resolves it (recorded: started in another folder, it loaded that
 * folder's copy, or nothing); `cwd` is the session's.
 *
 * A marketplace must be registered (an entry with an `installLocation`), else claude loads none of
 * its plugins, the installed copy neither ("Marketplace mkt not found", recorded). One not
 * registered that a settings file declares (`extraKnownMarketplaces`, `declared`) is registered by
 * claude (at the start once the folder is trusted) and its enabled plugins load from its folder,
 * installed or not (recorded); codebot reads such a folder the same way, without writing claude's
 * files, and cannot fetch a remote one.
 */
export function localMarketplaceFolder(
  claudeHome: string,
  id: string,
  cwd: string,
  declared: ReadonlyMap<string, DeclaredMarketplace>,
): LocalPluginFolder {
  const at = id.lastIndexOf("@");
  if (at <= 0) return { kind: "installed-copy" };
  const [name, marketplace] = [id.slice(0, at), id.slice(at + 1)];
  const knownFile = path.join(claudeHome, "plugins", "known_marketplaces.json");
  const gone = (why: string): LocalPluginFolder => ({
    kind: "gone",
    message: `plugin ${id} is not loaded: ${why}`,
  });
  const badPart = !ID_PART.test(marketplace)
    ? "marketplace's name"
    : !ID_PART.test(name)
      ? "plugin's name"
      : undefined;
  if (badPart !== undefined)
    return gone(
      `its id is invalid, as claude says: each part of a plugin id (plugin@marketplace) may use only the letters a-z and A-Z, digits, ".", "_" and "-", and must start with a letter or digit; here the ${badPart} does not`,
    );
  const known = readJson(knownFile);
  const entry = objectAt(known, marketplace);
  if (entry === undefined) {
    const declaration = declared.get(marketplace);
    if (declaration === undefined)
      return gone(
        `its marketplace ${marketplace} is not registered in ${knownFile} (as in claude: "Marketplace ${marketplace} not found"; add it with "claude plugin marketplace add")`,
      );

    const folder = declaredFolder(declaration, cwd);
    if (folder === undefined)
      return gone(
        `its marketplace ${marketplace} (declared in ${declaration.layer.path}) is not on this machine: codebot does not fetch marketplaces; run "claude plugin marketplace add" or start claude once`,
      );
    const found = pluginInFolder(folder, name, gone);
    return found.kind === "folder" ? { ...found, declaredBy: declaration.layer } : found;
  }
  const kind = objectAt(entry, "source")?.source;
  const location = entry.installLocation;
  if (typeof location !== "string" || location === "")
    return gone(
      `its marketplace ${marketplace} in ${knownFile} has no installLocation, and claude loads nothing from it ("Marketplace ${marketplace} not found"); add it again with "claude plugin marketplace add"`,
    );
  const folder = path.resolve(cwd, location);
  // claude 2.1.328 reads a remote marketplace from its local copy: with the copy gone it loaded none
  // of its plugins, the installed copy neither (recorded for github, git and url: "Marketplace …
  // failed to load: cache-miss", then a fetch at the start that codebot does not make).
  const copy =
    typeof kind === "string" && Object.hasOwn(REMOTE_COPIES, kind) ? REMOTE_COPIES[kind] : undefined;
  if (copy !== undefined && !fs.existsSync(folder))
    return gone(
      `${copy} ${marketplace} (${folder}, installLocation in ${knownFile}) is gone, and claude loads nothing from it ("cache-miss"); run "claude plugin marketplace update ${marketplace}" or start claude once`,
    );
  if (kind !== "directory" && kind !== "file") return { kind: "installed-copy" };
  if (!path.isAbsolute(location) && !fs.existsSync(folder))
    return gone(
      `its marketplace folder ${folder} does not exist (installLocation ${JSON.stringify(location)} in ${knownFile} is relative: it is resolved against the working folder ${cwd})`,
    );
  return pluginInFolder(folder, name, gone);
}

/**
 * Each part of a plugin id claude 2.1.328 loads or installs (recorded: `claude plugin marketplace
 * add` refused `a@b`, `a:b`, `a b`, `a/b`, `..` and `ünicode`; a declared marketplace `a:b` was
 * registered but its enabled plugin did not load, and `claude plugin install guard@a:b` said
 * `cannot be installed, because its id is invalid: Each part of a plugin id (plugin@marketplace)
 * may use only …`).
 */
const ID_PART = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** What `installLocation` holds of a remote marketplace, by its `source`. */
const REMOTE_COPIES: Readonly<Record<string, string>> = {
  github: "the clone of its GitHub marketplace",
  git: "the clone of its git marketplace",
  url: "the downloaded marketplace.json of its URL marketplace",
};

/** Where the marketplace at `folder` puts plugin `name` now (see localMarketplaceFolder). */
function pluginInFolder(
  folder: string,
  name: string,
  gone: (why: string) => LocalPluginFolder,
): LocalPluginFolder {
  const manifestPath = path.join(folder, ".claude-plugin", "marketplace.json");
  const manifest = readJson(manifestPath);
  if (manifest === undefined) return gone(`its marketplace ${manifestPath} cannot be read`);
  const plugins = (manifest as { plugins?: unknown }).plugins;
  const listed = Array.isArray(plugins)
    ? plugins.find((p) => (p as { name?: unknown } | null)?.name === name)
    : undefined;
  if (listed === undefined) return gone(`${manifestPath} no longer lists ${name}`);
  const source = (listed as { source?: unknown }).source;
  // A GitHub, git or npm source in a local marketplace: claude fetched it, so the copy is it.
  if (typeof source !== "string") return { kind: "installed-copy" };
  const pluginRoot = objectAt(manifest, "metadata")?.pluginRoot;
  const root = typeof pluginRoot === "string" ? pluginRoot : "";
  if (!wellFormedSource(source, root !== "")) return { kind: "installed-copy" };
  const dir = path.resolve(folder, root, source);
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) return gone(`its folder ${dir} is gone`);
  if (!insideFolder(dir, folder))
    return gone(
      `its source ${JSON.stringify(source)}${root === "" ? "" : ` (under pluginRoot ${JSON.stringify(root)})`} leads to ${dir}, outside its marketplace folder ${folder}`,
    );
  return { kind: "folder", dir };
}

/**
 * A source claude 2.1.328's marketplace schema takes: `./…`, `.` (the marketplace folder itself:
 * a repository that is its own marketplace, recorded with tuomashatakka/claude-code-hooks), or a
 * bare relative path under a `pluginRoot`; never absolute nor climbing with `..` up front.
 * Recorded: with any other (`../x`, `/abs`, `plugins/x` without pluginRoot) claude ran the
 * installed copy.
 */
function wellFormedSource(source: string, underPluginRoot: boolean): boolean {
  if (source === "." || source.startsWith("./")) return true;
  return underPluginRoot && !path.isAbsolute(source) && !source.split(/[\\/]/).includes("..");
}

/**
 * Whether `dir`, symlinks resolved, is the marketplace's `folder` or inside it. claude 2.1.328 loaded
 * nothing for `./../x` or a `pluginRoot` of `..` ("does not stay inside its marketplace
 * directory"); through a symlink in the folder it loaded the plugin (its install refuses one),
 * which codebot refuses too: the marketplace may be a cloned repository.
 */
function insideFolder(dir: string, folder: string): boolean {
  try {
    const inside = path.relative(fs.realpathSync(folder), fs.realpathSync(dir));
    // `./` (a repository that is its own marketplace) is the folder itself.
    return inside !== ".." && !inside.startsWith(`..${path.sep}`) && !path.isAbsolute(inside);
  } catch {
    return false;
  }
}

/** A marketplace's JSON file, read as a settings file is (the marketplace may be a cloned repository). */
function readJson(file: string): unknown {
  const read = readSettingsText(file);
  if (read.kind !== "text") return undefined;
  try {
    return JSON.parse(read.text);
  } catch {
    return undefined;
  }
}

function objectAt(value: unknown, key: string): Record<string, unknown> | undefined {
  if (typeof value !== "object" || value === null || !Object.hasOwn(value, key)) return undefined;
  const inner = (value as Record<string, unknown>)[key];
  return typeof inner === "object" && inner !== null && !Array.isArray(inner)
    ? (inner as Record<string, unknown>)
    : undefined;
}
