/** The project the own-hook guard's tests read commands in (script-references*.test.ts). */
import fs from "node:fs";
import path from "node:path";
import { filesRunBy, scriptReferences } from "../../src/script-references.js";
import { tempDir } from "../support.js";

/** A temp project shipping `n` (a plain file) and `bin/fmt` (an executable), which a hook may run, copy or name. */
export function guardProject(): { dir: string; fmt: string; n: string } {
  const dir = tempDir();
  fs.mkdirSync(path.join(dir, "bin"));
  const fmt = path.join(dir, "bin/fmt");
  fs.writeFileSync(fmt, "#!/bin/sh\necho pwned\n", { mode: 0o755 });
  const n = path.join(dir, "n");
  fs.writeFileSync(n, "echo pwned\n");
  return { dir, fmt, n };
}

/** What holds a user's own hook running `command` in `dir`: the project files it runs in a known role, and what it runs that codebot cannot name. */
export function held(command: string, dir: string): { files: string[]; unnamedRuns: string[] } {
  return { files: filesRunBy(command, dir), unnamedRuns: scriptReferences(command, dir).unnamedRuns };
}
