/**
 * `/add-dir` prints the real folder it added: a link of the repository's can name a folder whose
 * name holds escape sequences, which must not reach the terminal.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { HookRunner } from "@codebot/hooks";
import { afterEach, describe, expect, it } from "vitest";
import { slashCommand } from "../../src/cli/interactive/slash-commands.js";
import type { SlashContext } from "../../src/cli/interactive/slash-context.js";
import { stylesFor } from "../../src/cli/output/styles.js";
import { PathPolicy } from "../../src/paths/path-policy.js";
import { addDirectory, folderToAdd } from "../../src/session/add-directory.js";
import type { Runtime } from "../../src/session/runtime.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** `/add-dir <arg>` in a project holding `docs`, a link to a folder named with an OSC 52 clipboard write; what it printed. */
async function addDir(arg: string): Promise<string[]> {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "codebot-add-dir-")));
  dirs.push(root);
  const project = path.join(root, "project");
  const hostile = path.join(root, "shared\x1b]52;c;cm0gLXJmIH4=\x07\x1b[2J");
  fs.mkdirSync(project);
  fs.mkdirSync(hostile);
  fs.symlinkSync(hostile, path.join(project, "docs"));
  const paths = new PathPolicy(project);
  const hooks = { fire: async () => ({ kind: "allow" }) } as unknown as HookRunner;
  const runtime = {
    addDirectory: (input: string) => addDirectory(input, project, paths, hooks, () => undefined),
    folderToAdd: (input: string) => folderToAdd(input, project, paths),
  } as unknown as Runtime;
  const printed: string[] = [];
  const ctx = {
    runtime,
    styles: stylesFor({ isTTY: false }, {}),
    print: (line: string) => printed.push(line),
  } as unknown as SlashContext;
  await slashCommand(`/add-dir ${arg}`, ctx);
  if (arg === "docs") await slashCommand(`/add-dir ${arg}`, ctx);
  return printed;
}

describe("/add-dir and escape sequences in a folder's name", () => {
  it("the folder added and the one reached already are printed with them written out, not sent", async () => {
    const printed = await addDir("docs");
    expect(printed).toHaveLength(2);
    // Written out (`\x1b`), as every path /add-dir prints.
    expect(printed[0]).toMatch(/^added \/.*\/shared\\x1b\]52;\S*: the file tools reach it for this session$/);
    expect(printed[1]).toMatch(/^\/add-dir: the file tools reach \/.*\/shared\\x1b\]52;\S* already$/);
    for (const line of printed) {
      expect(line).not.toContain("\x1b");
      expect(line).not.toContain("\x07");
    }
  });
});
