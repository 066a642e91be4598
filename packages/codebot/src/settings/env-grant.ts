import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { envScripts, isLoadingVariable, scriptReferences, scriptsText } from "@codebot/hooks";

/** Past this many files in a project folder on `PATH`, the rest are not looked at. */
const MAX_PATH_PROGRAMS = 500;

/**
 * The grant a project's `env` variable needs: `env:<NAME>=<value>`, and when the value makes a
 * project file run — `BASH_ENV=./setup.sh`, `NODE_OPTIONS=--require ./x.js`, a project folder on
 * `PATH` — the content of those files too (`… (runs setup.sh #<digest>)`). Approving the value
 * is approving the code it loads into every `bash` call and hook: a `git pull` that changes that
 * code asks again, as an edited hook script does.
 */
export function envGrant(name: string, value: string, projectDir: string | undefined): string {
  const grant = `env:${name}=${value}`;
  if (projectDir === undefined) return grant;
  const files = scriptsRun(name, value, projectDir);
  const names = files.map((file) => path.relative(projectDir, file));
  if (name === "PATH") {
    for (const dir of projectFolders(value, projectDir)) {
      names.push(`${path.relative(projectDir, dir) || "."}/*`);
      for (const file of programsIn(dir)) if (!files.includes(file)) files.push(file);
    }
  }
  if (names.length === 0) return grant;
  const digest = createHash("sha256").update(scriptsText(files, projectDir)).digest("hex").slice(0, 16);
  return `${grant} (runs ${names.join(", ")} #${digest})`;
}

/**
 * What a variable's value runs: every project file a loading variable names (`BASH_ENV`,
 * `NODE_OPTIONS`…), and the value read as a command (`GIT_SSH_COMMAND=./ssh.sh`) — but not a
 * file only named as an argument of an unknown program: a value like `hello from notes.md` is text.
 */
function scriptsRun(name: string, value: string, projectDir: string): string[] {
  if (isLoadingVariable(name)) return envScripts(name, value, projectDir);
  const { files, unknownRole } = scriptReferences(value, projectDir);
  return files.filter((file) => !unknownRole.includes(file));
}

/** The `PATH` folders inside the project (the project itself included), symlinks resolved. */
function projectFolders(value: string, projectDir: string): string[] {
  const root = realPath(projectDir);
  const folders: string[] = [];
  for (const entry of value.split(":")) {
    const dir = realPath(path.resolve(projectDir, entry === "" ? "." : entry));
    if (root === undefined || dir === undefined || folders.includes(dir)) continue;
    if (dir === root || dir.startsWith(root + path.sep)) folders.push(dir);
  }
  return folders;
}

/** The files directly in a folder: any of them may be a command's program. */
function programsIn(dir: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir).sort().slice(0, MAX_PATH_PROGRAMS);
  } catch {
    return [];
  }
  return names.map((name) => path.join(dir, name)).filter((file) => isFile(file));
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function realPath(file: string): string | undefined {
  try {
    return fs.realpathSync(file);
  } catch {
    return undefined;
  }
}
