/**
 * Claude Code 2.1.328's mode flags as codebot takes them (each checked against claude with a
 * loopback server): `--allow-dangerously-skip-permissions` only offers bypass as a choice, so with
 * `-p` it changes nothing. `--safe-mode` and `--restricted` are built (safe-restricted-modes.test.ts).
 */
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { jsonLines, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

describe("Claude Code's mode flags", () => {
  it("--allow-dangerously-skip-permissions is accepted and changes nothing: a command still needs approval", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("bash", { command: "touch made" }, "c1"),
      reply.text("done"),
    ]);
    const r = await runCli(
      [
        "-p",
        "go",
        "--allow-dangerously-skip-permissions",
        "--output-format",
        "stream-json",
        "--cwd",
        box.project,
      ],
      { env: modelEnv(server, box.home) },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(jsonLines(r.stdout)[0]).toMatchObject({ subtype: "init", permissionMode: "default" });
    expect(fs.existsSync(box.at("made"))).toBe(false);
  });

  it("--ax-screen-reader with -p is accepted and changes nothing: the answer as it was written (as claude)", async () => {
    const box = sandbox();
    const text = "| a | b |\n|---|---|\n| 1 | 2 |\n\n# Head";
    const server = await modelServer([reply.text(text)]);
    const r = await runCli(["-p", "go", "--ax-screen-reader", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${text}\n`);
  });
});
