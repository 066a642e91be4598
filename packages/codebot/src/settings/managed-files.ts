import fs from "node:fs";
import path from "node:path";

/**
 * The folder holding the machine's policy folders `claude-code/` and `codebot/`: `/etc`, or
 * `$CODEBOT_MANAGED_SETTINGS_ROOT` (tests, packaging). Whoever sets the environment chooses the
 * policy: it binds cooperating users, as Claude Code's managed settings do, not an adversary.
 */
export function resolveManagedRoot(explicit?: string, env: NodeJS.ProcessEnv = process.env): string {
  const root = explicit ?? env.CODEBOT_MANAGED_SETTINGS_ROOT;
  return root !== undefined && root !== "" ? path.resolve(root) : "/etc";
}

/** A managed file to read, or a drop-in folder that could not be listed. */
export type ManagedFile =
  | { kind: "file"; path: string }
  | { kind: "unreadable"; path: string; message: string };

/**
 * The managed settings files, lowest precedence first: Claude Code's
 * `claude-code/managed-settings.json`, its `managed-settings.d/*.json` (by name), then codebot's
 * `codebot/managed-settings.json` and `managed-settings.d/*.json` — so codebot's own policy wins
 * where the two set the same key, and a drop-in wins over its base file, as in Claude Code.
 */
export function managedSettingsFiles(root: string): ManagedFile[] {
  const files: ManagedFile[] = [];
  for (const folder of ["claude-code", "codebot"]) {
    const dir = path.join(root, folder);
    files.push({ kind: "file", path: path.join(dir, "managed-settings.json") });
    files.push(...dropIns(path.join(dir, "managed-settings.d")));
  }
  return files;
}

/** The organisation's MCP server files beside the managed settings (mcp/managed-servers.ts). */
export function managedMcpFiles(root: string): string[] {
  return ["claude-code", "codebot"].map((folder) => path.join(root, folder, "managed-mcp.json"));
}

function dropIns(dir: string): ManagedFile[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return [];
    return [{ kind: "unreadable", path: dir, message: `cannot list the folder (${code ?? String(error)})` }];
  }
  return names
    .filter((name) => name.endsWith(".json") && !name.startsWith("."))
    .sort()
    .map((name) => ({ kind: "file", path: path.join(dir, name) }));
}
