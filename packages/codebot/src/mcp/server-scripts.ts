/**
 * The project files a local MCP server's command line runs (`node tools/server.js`, `python3
 * srv/main.py`, `./bin/server`), found as a hook's are (referencedScripts): their content is part
 * of the server's grant, so editing one asks again, as it does for hooks.
 */
import path from "node:path";
import { referencedScripts } from "@codebot/hooks";
import { commandLine } from "./server-command-line.js";
import { isRemote, type ServerConfig } from "./server-config.js";

/** Absolute paths, inside `projectDir`, in the order the command line names them. */
export function serverScripts(config: ServerConfig, projectDir: string): string[] {
  if (isRemote(config)) return [];
  const project = path.resolve(projectDir);
  // Relative paths are the server's: below its `cwd` when the entry gives a plain one.
  const workDir =
    config.cwd !== undefined && !config.cwd.includes("${") ? path.resolve(project, config.cwd) : project;
  return referencedScripts(commandLine(config), workDir).filter((file) => {
    const rel = path.relative(project, file);
    return rel !== "" && !rel.startsWith("..") && !path.isAbsolute(rel);
  });
}
