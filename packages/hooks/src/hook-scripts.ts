/**
 * The project scripts a command hook runs (§8): those its command names (script-references.ts)
 * and those its entry's `env` makes the interpreter load — `NODE_OPTIONS: "--require ./x.js"`,
 * `BASH_ENV`, `PYTHONSTARTUP`, `LD_PRELOAD`. Every env value is read as a command would be; in the
 * variables below, which load code, every project file a value names counts.
 */
import fs from "node:fs";
import path from "node:path";
import type { HookSpec } from "./executor.js";
import { referencedScripts } from "./script-references.js";

/** Variables whose value names files the interpreters and the dynamic loader run. */
const LOADING_VARIABLES = new Set([
  "NODE_OPTIONS",
  "PYTHONSTARTUP",
  "BASH_ENV",
  "ENV",
  "PERL5OPT",
  "RUBYOPT",
  "LD_PRELOAD",
  "DYLD_INSERT_LIBRARIES",
]);

/** Absolute paths inside `projectDir`, in order, without repeats; none for other hook types. */
export function hookScripts(
  spec: HookSpec,
  projectDir: string,
  env: Readonly<Record<string, string>> = {},
): string[] {
  if (spec.type !== "command") return [];
  const files = referencedScripts(spec.command, projectDir);
  for (const [name, value] of Object.entries(env)) {
    const named = [
      ...referencedScripts(value, projectDir),
      ...(LOADING_VARIABLES.has(name) ? namedFiles(value, projectDir) : []),
    ];
    for (const file of named) if (!files.includes(file)) files.push(file);
  }
  return files;
}

/** `--require ./x`, `-r./x`, `--import=./x`, `a.so:b.so`: each existing project file a part names. */
function namedFiles(value: string, projectDir: string): string[] {
  const root = path.resolve(projectDir);
  const parts = value.split(/[\s=:]+/).flatMap((part) => [part, part.replace(/^-[A-Za-z]/, "")]);
  return parts.flatMap((part) => {
    if (part === "") return [];
    const file = path.resolve(root, part);
    const rel = path.relative(root, file);
    if (rel === "" || rel.startsWith("..") || path.isAbsolute(rel)) return [];
    try {
      return fs.statSync(file, { throwIfNoEntry: false })?.isFile() ? [file] : [];
    } catch {
      return [];
    }
  });
}
