/**
 * The project files a local MCP server runs (`node tools/server.js`, `python3 srv/main.py`,
 * `./bin/server`, `"env": {"NODE_OPTIONS": "--require ./x.js"}`), found as a hook's are
 * (scriptReferences): their content is part of the server's grant, so editing one asks again, as
 * it does for hooks. `${VAR:-default}` reads as the launcher would read it with VAR unset (the
 * default), a plugin's own variables as their values; relative words are resolved from the
 * server's `cwd` and kept when they land anywhere inside the project. What codebot cannot resolve
 * (`${VAR}` with no default in a path, a `cwd` it cannot know) is returned as written, for the
 * consent screens to say the approval does not cover it.
 */
import path from "node:path";
import { scriptReferences } from "@codebot/hooks";
import { commandLine } from "./server-command-line.js";
import { isRemote, isSdk, type ServerConfig } from "./server-config.js";

export interface ServerScripts {
  /** Absolute paths, inside the project, in the order the entry names them. */
  files: string[];
  /** Words, as written, naming something run whose file codebot cannot determine. */
  unchecked: string[];
  /** Of `files`, those an argument names whose role codebot does not know (ScriptReferences.unknownRole). */
  unknownRole: string[];
  /** Words that run a file by a name worked out as it runs (ScriptReferences.unnamedRuns): your own server holding one is held. */
  unnamedRuns: string[];
}

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;
const SCRIPT_EXTENSION = /\.(sh|bash|zsh|fish|js|mjs|cjs|ts|mts|cts|py|rb|pl|php|lua|ps1)$/;

export function serverScripts(
  config: ServerConfig,
  projectDir: string,
  vars: Readonly<Record<string, string>> = {},
): ServerScripts {
  const found: ServerScripts = { files: [], unchecked: [], unknownRole: [], unnamedRuns: [] };
  if (isRemote(config) || isSdk(config)) return found;
  const project = path.resolve(projectDir);
  const note = (word: string) => {
    if (!found.unchecked.includes(word)) found.unchecked.push(word);
  };
  const cwd = config.cwd === undefined ? "." : withDefaults(config.cwd, vars);
  if (cwd === undefined) note(config.cwd as string);
  // Relative words are the server's, from its cwd; `cd` keeps the project as the bound of what counts.
  const from = cwd === undefined || cwd === "." ? "" : `cd ${quoted(path.resolve(project, cwd))} && `;
  const expand = (word: string) => {
    const value = withDefaults(word, vars);
    if (value === undefined && looksRun(word)) note(word);
    return value;
  };
  const command = withDefaults(config.command, vars);
  if (command === undefined) note(config.command);
  const args = (config.args ?? []).map(expand);
  const lines = [
    commandLine({ command: command ?? "", args: args.filter((a): a is string => a !== undefined) }),
    // Option values in the environment a program reads as code (`NODE_OPTIONS`, `PYTHONSTARTUP`).
    ...Object.values(config.env ?? {})
      .map(expand)
      .filter((v): v is string => v !== undefined),
  ];
  /** Files a line runs in a role codebot knows: not `unknownRole`, even if another line only names them. */
  const known = new Set<string>();
  for (const line of lines) {
    const refs = scriptReferences(from + line, project);
    for (const file of refs.files) {
      if (!found.files.includes(file)) found.files.push(file);
      if (!refs.unknownRole.includes(file)) known.add(file);
    }
    for (const word of refs.unchecked) note(word);
    for (const word of refs.unnamedRuns) if (!found.unnamedRuns.includes(word)) found.unnamedRuns.push(word);
  }
  found.unknownRole = found.files.filter((file) => !known.has(file));
  return found;
}

/** `text` with `${VAR:-default}` read as its default (a known `vars` value first); undefined when a `${VAR}` has neither. */
function withDefaults(text: string, vars: Readonly<Record<string, string>>): string | undefined {
  let missing = false;
  const out = text.replace(REFERENCE, (_, name: string, fallback: string | undefined) => {
    const value = vars[name];
    if (value !== undefined && value !== "") return value;
    if (fallback !== undefined) return fallback;
    missing = true;
    return "";
  });
  return missing ? undefined : out;
}

/** A word that may name a file run: a path or a script's name, whatever its variables hold. */
function looksRun(word: string): boolean {
  const rest = word.replace(REFERENCE, "x");
  return rest.includes("/") || SCRIPT_EXTENSION.test(rest);
}

function quoted(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
