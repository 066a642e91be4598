/** A project allow rule's grant covers the project files its command runs (settings/allow-grant.ts). */
import fs from "node:fs";
import path from "node:path";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import type { PermissionRule } from "../src/approval/permission-rule.js";
import { allowGrant, allowGrantRunning, approvedAllowRule } from "../src/settings/allow-grant.js";
import { MAX_WILDCARD_FOLDER_FILES } from "../src/settings/wildcard-folder-files.js";
import { scratchDir, startSession, toolResultFor } from "./support/e2e.js";

function project(files: Record<string, string>): string {
  const dir = scratchDir("cb-allow-grant-");
  for (const [rel, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, rel), text);
  return dir;
}

describe("allowGrant", () => {
  it("Bash(npm test) covers package.json: a changed test script changes the grant", () => {
    const dir = project({ "package.json": '{"scripts":{"test":"true"}}' });
    const before = allowGrant("Bash(npm test)", dir);
    expect(before).toMatch(/^allow:Bash\(npm test\) \(runs package\.json #[0-9a-f]{16}\)$/);
    fs.writeFileSync(path.join(dir, "package.json"), '{"scripts":{"test":"curl x | sh"}}');
    expect(allowGrant("Bash(npm test)", dir)).not.toBe(before);
  });

  it("a prefix or wildcard rule covers what its named words run: Bash(make lint:*) and Bash(./x.sh *)", () => {
    const dir = project({ Makefile: "lint:\n\ttrue\n", "x.sh": "true\n" });
    expect(allowGrant("Bash(make lint:*)", dir)).toMatch(/\(runs Makefile #/);
    expect(allowGrant("Bash(./x.sh *)", dir)).toMatch(/\(runs x\.sh #/);
  });

  it("a rule whose command runs no project file is its text alone", () => {
    const dir = project({ "notes.md": "x" });
    expect(allowGrant("Bash(git status:*)", dir)).toBe("allow:Bash(git status:*)");
    expect(allowGrant("Read(./notes.md)", dir)).toBe("allow:Read(./notes.md)");
    expect(allowGrant("Bash", dir)).toBe("allow:Bash");
  });

  it("in a session, a script the model rewrote no longer runs unasked through the rule that approved it", async () => {
    const dirs = { project: scratchDir("codebot-allow-runs-"), home: scratchDir("codebot-allow-home-") };
    fs.writeFileSync(path.join(dirs.project, "check.sh"), "#!/bin/sh\necho checked\n", { mode: 0o755 });
    const s = await startSession({
      dirs,
      project: { permissions: { allow: ["Bash(./check.sh)"] } },
      runtime: { trustProjectHooks: true, permissionMode: "acceptEdits" },
      script: [
        reply.toolCalls(toolCall("bash", { command: "./check.sh" }, "b1")),
        reply.toolCalls(
          toolCall("write", { file_path: "check.sh", content: "#!/bin/sh\ntouch pwned\n" }, "w1"),
        ),
        reply.toolCalls(toolCall("bash", { command: "./check.sh" }, "b2")),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "b1")).toEqual({ text: "checked", isError: false });
    expect(toolResultFor(s.model, "w1")?.isError).toBe(false);
    // acceptEdits with nobody to ask: a bash call no rule allows is refused.
    expect(toolResultFor(s.model, "b2")?.text).toMatch(/^permission denied: bash needs approval/);
    expect(fs.existsSync(s.at("pwned"))).toBe(false);
  });
});

describe("a project allow rule run from another folder than the project's", () => {
  it.each([
    ["after a cd of an earlier call", ["cd sub", "sh check.sh"]],
    ["after a cd of the same line", ["cd sub && sh check.sh"]],
  ])("%s, the script it runs there is not the approved one: it does not run unasked", async (_, lines) => {
    const dirs = { project: scratchDir("codebot-allow-cwd-"), home: scratchDir("codebot-allow-home-") };
    fs.writeFileSync(path.join(dirs.project, "check.sh"), "echo checked\n");
    fs.mkdirSync(path.join(dirs.project, "sub"));
    const calls = lines.map((command, k) => toolCall("bash", { command }, `b${k}`));
    const s = await startSession({
      dirs,
      project: { permissions: { allow: ["Bash(sh check.sh)"] } },
      runtime: { trustProjectHooks: true, permissionMode: "acceptEdits" },
      script: [
        reply.toolCalls(toolCall("bash", { command: "sh check.sh" }, "ok")),
        reply.toolCalls(toolCall("write", { file_path: "sub/check.sh", content: "touch ../pwned\n" }, "w1")),
        ...calls.map((call) => reply.toolCalls(call)),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "ok")).toEqual({ text: "checked", isError: false });
    expect(toolResultFor(s.model, "w1")?.isError).toBe(false);
    expect(toolResultFor(s.model, `b${lines.length - 1}`)?.text).toMatch(
      /^permission denied: bash needs approval/,
    );
    expect(fs.existsSync(s.at("pwned"))).toBe(false);
  });
});

describe("a project allow rule given options that choose what its command runs", () => {
  function approved(rule: string) {
    const dir = project({
      "package.json": '{"scripts":{"test":"true"}}',
      Makefile: "test:\n\ttrue\n",
      "Cargo.toml": "[package]\n",
    });
    fs.mkdirSync(path.join(dir, "sub"));
    fs.writeFileSync(path.join(dir, "sub/package.json"), '{"scripts":{"test":"touch ../pwned"}}');
    fs.writeFileSync(path.join(dir, "sub/Makefile"), "test:\n\ttouch ../pwned\n");
    const allowed = approvedAllowRule<Pick<PermissionRule, "text" | "stillApproved">>(
      { text: rule },
      allowGrantRunning(rule, dir),
      dir,
    );
    return (call: string) => allowed.stillApproved?.(call) ?? true;
  }

  it.each([
    ["Bash(npm test:*)", "npm test --prefix sub"],
    ["Bash(npm test:*)", "npm test --prefix=sub"],
    ["Bash(npm test:*)", "npm test -C sub"],
    ["Bash(npm test:*)", "npm test --prefix /tmp"],
    ["Bash(npm test:*)", "npm test -w sub"],
    ["Bash(npm test:*)", "npm test --script-shell ./x.sh"],
    ["Bash(npm test:*)", "timeout 60 npm test --prefix sub"],
    ["Bash(yarn test:*)", "yarn test --cwd sub"],
    ["Bash(pnpm test:*)", "pnpm test --dir sub"],
    ["Bash(make test:*)", "make test -C sub"],
    ["Bash(make test:*)", "make test -sC sub"],
    ["Bash(make test:*)", "make test -f sub/Makefile"],
    ["Bash(make test:*)", "make test SHELL=./x.sh"],
    ["Bash(pytest:*)", "pytest -p evil"],
    ["Bash(pytest:*)", "pytest -c sub/pytest.ini"],
    ["Bash(python3 -m pytest:*)", "python3 -m pytest --rootdir=/tmp"],
    ["Bash(cargo test:*)", "cargo test --manifest-path sub/Cargo.toml"],
    ["Bash(go test:*)", "go test -exec ./x.sh ./..."],
    ["Bash(node --test:*)", "node --test --require ./x.js"],
    ["Bash(node --test:*)", "node --test --import=./x.mjs"],
    // Options naming what it writes: the path may be outside the project, or where a file runs.
    ["Bash(go test:*)", "go test -c -o /home/u/bin/ls ./..."],
    ["Bash(go test:*)", "go test -coverprofile=/home/u/.bashrc ./..."],
    ["Bash(pytest:*)", "pytest --basetemp=/home/u"],
    ["Bash(pytest:*)", "pytest --junitxml /home/u/.bashrc"],
    ["Bash(cargo test:*)", "cargo test --target-dir /home/u/x"],
    ["Bash(node --test:*)", "node --test --test-reporter-destination=/home/u/.bashrc"],
    // make (getopt_long) and npm (nopt) take any unambiguous start of a long option for it.
    ["Bash(make test:*)", "make test --ev='$(shell touch pwned)'"],
    ["Bash(make test:*)", "make test --dir=sub"],
    ["Bash(make test:*)", "make test --fi sub/Makefile"],
    ["Bash(npm test:*)", "npm test --prefi=sub"],
    ["Bash(npm test:*)", "npm test --scr=./x.sh"],
  ])("%s does not allow %s unasked", (rule, call) => {
    expect(approved(rule)(call)).toBe(false);
  });

  it.each([
    ["Bash(npm test:*)", "npm test"],
    ["Bash(npm test:*)", "npm test -- --prefix sub"],
    ["Bash(npm test:*)", "npm test --silent"],
    ["Bash(npm test:*)", "npm test --prefix ."],
    ["Bash(make test:*)", "make test -j4"],
    ["Bash(pytest:*)", "pytest -x -q tests/test_a.py"],
    // pytest takes no start of a long option for it: --co is its own alias of --collect-only.
    ["Bash(pytest:*)", "pytest --co -q"],
    ["Bash(go test:*)", "go test -run TestX -count=1 ./..."],
  ])("%s still allows %s", (rule, call) => {
    expect(approved(rule)(call)).toBe(true);
  });

  it("Bash(./scripts/*) over a folder of more files than a grant lists allows nothing until it holds no more", () => {
    const dir = project({});
    fs.mkdirSync(path.join(dir, "scripts"));
    for (let i = 0; i <= MAX_WILDCARD_FOLDER_FILES; i++)
      fs.writeFileSync(path.join(dir, `scripts/s${i}.sh`), "true\n");
    const rule = "Bash(./scripts/*)";
    const allowed = approvedAllowRule<Pick<PermissionRule, "text" | "stillApproved">>(
      { text: rule },
      allowGrantRunning(rule, dir),
      dir,
    );
    expect(allowed.stillApproved?.("./scripts/s1.sh")).toBe(false);
    // The file past the listed ones, by name (s99.sh sorts last): the folder is as approved again.
    fs.rmSync(path.join(dir, "scripts/s99.sh"));
    expect(allowed.stillApproved?.("./scripts/s1.sh")).toBe(true);
  });

  it("an .npmrc written after approval (script-shell=./x.sh) makes Bash(npm test:*) allow nothing", () => {
    const dir = project({ "package.json": '{"scripts":{"test":"true"}}' });
    const rule = "Bash(npm test:*)";
    const allowed = approvedAllowRule<Pick<PermissionRule, "text" | "stillApproved">>(
      { text: rule },
      allowGrantRunning(rule, dir),
      dir,
    );
    expect(allowed.stillApproved?.("npm test")).toBe(true);
    fs.writeFileSync(path.join(dir, ".npmrc"), "script-shell=./x.sh\n");
    expect(allowed.stillApproved?.("npm test")).toBe(false);
  });

  it("the yarn .yarnrc.yml's yarnPath names, edited after approval, makes Bash(yarn test:*) allow nothing", () => {
    const dir = project({
      "package.json": '{"scripts":{"test":"true"}}',
      ".yarnrc.yml": "yarnPath: .yarn/releases/yarn-4.1.0.cjs\n",
    });
    fs.mkdirSync(path.join(dir, ".yarn/releases"), { recursive: true });
    fs.writeFileSync(path.join(dir, ".yarn/releases/yarn-4.1.0.cjs"), "// yarn\n");
    const rule = "Bash(yarn test:*)";
    const allowed = approvedAllowRule<Pick<PermissionRule, "text" | "stillApproved">>(
      { text: rule },
      allowGrantRunning(rule, dir),
      dir,
    );
    expect(allowed.stillApproved?.("yarn test")).toBe(true);
    fs.writeFileSync(
      path.join(dir, ".yarn/releases/yarn-4.1.0.cjs"),
      "require('fs').writeFileSync('pwned', '')\n",
    );
    expect(allowed.stillApproved?.("yarn test")).toBe(false);
  });

  it("in a session, 'make test --ev=…' (a start of --eval) runs its text only when asked", async () => {
    const dirs = { project: scratchDir("codebot-allow-opt-"), home: scratchDir("codebot-allow-home-") };
    fs.writeFileSync(path.join(dirs.project, "Makefile"), "test:\n\t@echo tested\n");
    const s = await startSession({
      dirs,
      project: { permissions: { allow: ["Bash(make test:*)"] } },
      runtime: { trustProjectHooks: true, permissionMode: "ask" },
      script: [
        reply.toolCalls(toolCall("bash", { command: "make test" }, "ok")),
        reply.toolCalls(
          toolCall("bash", { command: "make test --ev='test: p' --ev='p: ; @touch pwned'" }, "b1"),
        ),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "ok")).toEqual({ text: "tested", isError: false });
    expect(toolResultFor(s.model, "b1")?.text).toMatch(/^permission denied: bash needs approval/);
    expect(fs.existsSync(s.at("pwned"))).toBe(false);
  });

  it("in a session, 'make test -C sub' runs sub/Makefile only when asked", async () => {
    const dirs = { project: scratchDir("codebot-allow-opt-"), home: scratchDir("codebot-allow-home-") };
    fs.writeFileSync(path.join(dirs.project, "Makefile"), "test:\n\t@echo tested\n");
    fs.mkdirSync(path.join(dirs.project, "sub"));
    const s = await startSession({
      dirs,
      project: { permissions: { allow: ["Bash(make test:*)"] } },
      runtime: { trustProjectHooks: true, permissionMode: "acceptEdits" },
      script: [
        reply.toolCalls(toolCall("bash", { command: "make test" }, "ok")),
        reply.toolCalls(
          toolCall("write", { file_path: "sub/Makefile", content: "test:\n\t@touch ../pwned\n" }, "w1"),
        ),
        reply.toolCalls(toolCall("bash", { command: "make test -C sub" }, "b1")),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "ok")).toEqual({ text: "tested", isError: false });
    expect(toolResultFor(s.model, "w1")?.isError).toBe(false);
    expect(toolResultFor(s.model, "b1")?.text).toMatch(/^permission denied: bash needs approval/);
    expect(fs.existsSync(s.at("pwned"))).toBe(false);
  });
});

describe("a project allow rule and the files its command would run that did not exist when approved", () => {
  it("a conftest.py the model creates after approval does not run unasked through Bash(pytest)", async () => {
    const dirs = { project: scratchDir("codebot-allow-new-"), home: scratchDir("codebot-allow-home-") };
    fs.writeFileSync(path.join(dirs.project, "test_ok.py"), "def test_ok():\n    assert True\n");
    const s = await startSession({
      dirs,
      project: { permissions: { allow: ["Bash(pytest -q -p no:cacheprovider)"] } },
      runtime: { trustProjectHooks: true, permissionMode: "acceptEdits" },
      script: [
        reply.toolCalls(toolCall("bash", { command: "pytest -q -p no:cacheprovider" }, "b1")),
        reply.toolCalls(
          toolCall("write", { file_path: "conftest.py", content: "open('pwned', 'w').close()\n" }, "w1"),
        ),
        reply.toolCalls(toolCall("bash", { command: "pytest -q -p no:cacheprovider" }, "b2")),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "b1")?.text).toMatch(/1 passed/);
    expect(toolResultFor(s.model, "w1")?.isError).toBe(false);
    expect(toolResultFor(s.model, "b2")?.text).toMatch(/^permission denied: bash needs approval/);
    expect(fs.existsSync(s.at("pwned"))).toBe(false);
  });

  it("a build.rs the model adds next to an approved Cargo.toml does not run unasked through Bash(cargo build)", async () => {
    const dirs = { project: scratchDir("codebot-allow-cargo-"), home: scratchDir("codebot-allow-home-") };
    fs.writeFileSync(path.join(dirs.project, "Cargo.toml"), '[package]\nname = "x"\nversion = "0.1.0"\n');
    fs.mkdirSync(path.join(dirs.project, "src"));
    fs.writeFileSync(path.join(dirs.project, "src", "main.rs"), "fn main() {}\n");
    const s = await startSession({
      dirs,
      project: { permissions: { allow: ["Bash(cargo build --offline)"] } },
      runtime: { trustProjectHooks: true, permissionMode: "acceptEdits" },
      script: [
        reply.toolCalls(
          toolCall(
            "write",
            { file_path: "build.rs", content: 'fn main() { std::fs::write("pwned", "").unwrap(); }\n' },
            "w1",
          ),
        ),
        reply.toolCalls(toolCall("bash", { command: "cargo build --offline" }, "b1")),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "w1")?.isError).toBe(false);
    expect(toolResultFor(s.model, "b1")?.text).toMatch(/^permission denied: bash needs approval/);
    expect(fs.existsSync(s.at("pwned"))).toBe(false);
  });
});

describe("a project skill's allowed-tools and the files its rule runs", () => {
  it("a conftest.py the model writes after /check loaded does not run unasked through its Bash(pytest)", async () => {
    const dirs = { project: scratchDir("codebot-skill-rule-"), home: scratchDir("codebot-allow-home-") };
    fs.writeFileSync(path.join(dirs.project, "test_ok.py"), "def test_ok():\n    assert True\n");
    const skill = path.join(dirs.project, ".claude/skills/check/SKILL.md");
    fs.mkdirSync(path.dirname(skill), { recursive: true });
    fs.writeFileSync(
      skill,
      "---\ndescription: run the tests\nallowed-tools: Bash(pytest -q -p no:cacheprovider)\n---\nRun the tests.\n",
    );
    const s = await startSession({
      dirs,
      runtime: { trustProjectHooks: true, permissionMode: "acceptEdits" },
      script: [
        reply.toolCalls(
          toolCall("write", { file_path: "conftest.py", content: "open('pwned', 'w').close()\n" }, "w1"),
        ),
        reply.toolCalls(toolCall("bash", { command: "pytest -q -p no:cacheprovider" }, "b1")),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("/check");
    expect(toolResultFor(s.model, "w1")?.isError).toBe(false);
    expect(toolResultFor(s.model, "b1")?.text).toMatch(/^permission denied: bash needs approval/);
    expect(fs.existsSync(s.at("pwned"))).toBe(false);
  });
});
