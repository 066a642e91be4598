/**
 * `codebot -p … > file` on a full disk: the answer cannot be written, and a script must not go
 * on as if it had been. One line says what failed, and the exit status is 1, as for any Unix tool
 * (`echo hi > /dev/full`). /dev/full stands in for the full disk: every write to it fails ENOSPC.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { cliPath, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** Runs the CLI with stdout on /dev/full; resolves with its exit code and stderr. */
function runToFullDisk(args: readonly string[], env: NodeJS.ProcessEnv) {
  const full = fs.openSync("/dev/full", "w");
  const child = spawn(process.execPath, [cliPath, ...args], { env, stdio: ["ignore", full, "pipe"] });
  fs.closeSync(full);
  let stderr = "";
  child.stderr?.on("data", (d) => {
    stderr += String(d);
  });
  return new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on("close", (code) => resolve({ code, stderr })),
  );
}

describe("codebot -p whose stdout is a full disk", () => {
  it("text: says the answer could not be written to stdout, and exits 1", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("the answer")]);
    const r = await runToFullDisk(["-p", "hi", "--cwd", box.project], modelEnv(server, box.home));
    expect(r.stderr).toBe("codebot: cannot write to stdout: ENOSPC: no space left on device, write\n");
    expect(r.code).toBe(1);
  });

  it("stream-json: the same line and exit 1", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("the answer")]);
    const r = await runToFullDisk(
      ["-p", "hi", "--output-format", "stream-json", "--cwd", box.project],
      modelEnv(server, box.home),
    );
    expect(r.stderr).toBe("codebot: cannot write to stdout: ENOSPC: no space left on device, write\n");
    expect(r.code).toBe(1);
  });
});
