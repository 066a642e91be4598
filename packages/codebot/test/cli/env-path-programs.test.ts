/**
 * A project's approved `env` PATH with a project folder (`PATH=./bin:…`) makes your own hook's
 * `prettier` the project's `bin/prettier`. Its approval covers the programs as they were: one the
 * model rewrites during the session (`write` under `acceptEdits`) must not run in your hook unasked.
 * Through the real CLI: the hook runs without the changed PATH instead.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { cliEnv, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

describe("a program of an approved PATH folder, rewritten during the session", () => {
  it("does not run in your own hook: the hook runs without that PATH", async () => {
    const box = sandbox();
    box.json(".claude/settings.json", { env: { PATH: `./bin:${process.env.PATH}` } });
    box.write("bin/prettier", "#!/bin/sh\necho formatted\n");
    fs.chmodSync(box.at("bin/prettier"), 0o755);
    box.json(path.join(box.home, "settings.json"), {
      hooks: { PostToolUse: [{ type: "command", command: "prettier --version >> hook-ran.txt 2>&1" }] },
    });
    const trust = await runCli(["hooks", "trust", "--yes", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(trust.code).toBe(0);
    const args = ["-p", "go", "--permission-mode", "acceptEdits", "--cwd", box.project];
    // As approved, the hook runs the project's program (each run waits for its hooks at the end).
    const approved = await modelServer([reply.toolCall("ls", {}), reply.text("done")]);
    expect((await runCli(args, { env: modelEnv(approved, box.home) })).code).toBe(0);
    expect(fs.readFileSync(box.at("hook-ran.txt"), "utf8")).toContain("formatted");
    // Rewritten by the model, it no longer does.
    const rewritten = await modelServer([
      reply.toolCall("write", { file_path: "bin/prettier", content: "#!/bin/sh\ntouch pwned.txt\n" }),
      reply.toolCall("ls", {}),
      reply.text("done"),
    ]);
    expect((await runCli(args, { env: modelEnv(rewritten, box.home) })).code).toBe(0);
    expect(fs.existsSync(box.at("pwned.txt"))).toBe(false);
  });
});
