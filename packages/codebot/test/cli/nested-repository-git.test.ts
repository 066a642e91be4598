/**
 * A repository inside the project (a nested one, or a `.git` planted in a subfolder) that a
 * command reaches with `git -C`, `--git-dir`, `GIT_DIR` or `cd`: its `.git` programs count as the
 * project's, as the project's own `.git` does (git-repository-files.ts in @codebot/hooks).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import {
  command,
  modelEnv,
  modelServer,
  requestText,
  type Sandbox,
  sandbox,
} from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** A clean clone holding `sub/`, a repository of its own whose fsmonitor leaves `ran` in the home. */
function projectWithNestedRepository(): Sandbox {
  const box = sandbox();
  execFileSync("git", ["init", "-q", box.project]);
  execFileSync("git", ["-C", box.project, "remote", "add", "origin", "https://example.com/x.git"]);
  execFileSync("git", ["init", "-q", box.at("sub")]);
  fs.appendFileSync(box.at("sub/.git/config"), `[core]\n\tfsmonitor = "touch ${ran(box)} #"\n`);
  box.write("sub/a.txt", "a\n");
  return box;
}

const ran = (box: Sandbox) => path.join(box.home, "ran");

/** The model's one bash call under your allow rules: what it was answered. */
async function modelRuns(box: Sandbox, allow: string[], call: string): Promise<string> {
  box.json(path.join(box.home, "settings.json"), { permissions: { allow } });
  const server = await modelServer([reply.toolCall("bash", { command: call }, "b1"), reply.text("done")]);
  const r = await runCli(["-p", "go", "--cwd", box.project], { env: modelEnv(server, box.home) });
  expect(r.code).toBe(0);
  return requestText(server.requests[1]);
}

describe("a repository inside the project that git is pointed at", { timeout: 90_000 }, () => {
  for (const call of [
    "git -C sub status",
    "git --git-dir=sub/.git --work-tree=sub status",
    "git --git-dir sub/.git status",
    "GIT_DIR=sub/.git git status",
  ])
    it(`your Bash(git:*) does not run its fsmonitor unasked: ${call}`, async () => {
      const box = projectWithNestedRepository();
      expect(await modelRuns(box, ["Bash(git:*)"], call)).toContain("permission denied");
      expect(fs.existsSync(ran(box))).toBe(false);
    });

  it("your Bash(git:*) and Bash(cd:*) do not run it unasked through cd sub && git status", async () => {
    const box = projectWithNestedRepository();
    expect(await modelRuns(box, ["Bash(git:*)", "Bash(cd:*)"], "cd sub && git status")).toContain(
      "permission denied",
    );
    expect(fs.existsSync(ran(box))).toBe(false);
  });

  it("your Bash(git:*) does not run it through a .git file planted in another folder: git -C other status", async () => {
    const box = projectWithNestedRepository();
    box.write("other/.git", "gitdir: ../sub/.git\n");
    expect(await modelRuns(box, ["Bash(git:*)"], "git -C other status")).toContain("permission denied");
    expect(fs.existsSync(ran(box))).toBe(false);
  });

  it("your --allowedTools Bash(git:*) does not run it unasked either: git -C sub status", async () => {
    const box = projectWithNestedRepository();
    const server = await modelServer([
      reply.toolCall("bash", { command: "git -C sub status" }, "b1"),
      reply.text("done"),
    ]);
    const r = await runCli(["-p", "go", "--cwd", box.project, "--allowedTools", "Bash(git:*)"], {
      env: modelEnv(server, box.home),
    });
    expect(r.code).toBe(0);
    expect(requestText(server.requests[1])).toContain("permission denied");
    expect(fs.existsSync(ran(box))).toBe(false);
  });

  it("your Bash(git:*) still runs git -C on a nested repository that brings nothing", async () => {
    const box = projectWithNestedRepository();
    fs.writeFileSync(box.at("sub/.git/config"), "[core]\n\tbare = false\n");
    expect(await modelRuns(box, ["Bash(git:*)"], "git -C sub status")).toContain("No commits yet");
  });

  for (const hook of ["git -C sub status --short", "GIT_DIR=sub/.git GIT_WORK_TREE=sub git status --short"])
    it(`your hook is held until approved: ${hook}`, async () => {
      const box = projectWithNestedRepository();
      box.json(path.join(box.home, "settings.json"), {
        hooks: { UserPromptSubmit: [command(`${hook} > /dev/null`)] },
      });
      const server = await modelServer([reply.text("one")]);
      const r = await runCli(["-p", "hi", "--cwd", box.project], { env: modelEnv(server, box.home) });
      expect(r.code).toBe(0);
      expect(fs.existsSync(ran(box))).toBe(false);
      expect(r.stderr).toContain("it runs sub/.git/config from this project");
    });
});
