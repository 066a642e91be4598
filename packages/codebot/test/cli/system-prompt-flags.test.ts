/**
 * claude 2.1.328's `--system-prompt-snapshot <on|off>` and `--exclude-dynamic-system-prompt-sections`,
 * as recorded against a loopback server: `-c` with other instructions is sent the first launch's
 * prompt unless the snapshot is off; `--bare` turns it off; the project directory leaves the default
 * system prompt for the first prompt's context.
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { cliEnv, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** Two runs of one conversation: `-p one` with PROMPT-A, then `-c -p two` with PROMPT-B and `extra`; the second request's system. */
async function secondSystem(extra: string[], firstExtra: string[] = []): Promise<unknown> {
  const box = sandbox();
  const server = await modelServer([reply.text("one"), reply.text("two")]);
  const env = modelEnv(server, box.home);
  const first = await runCli(
    ["-p", "one", "--system-prompt", "PROMPT-A", "--cwd", box.project, ...firstExtra],
    { env },
  );
  expect(first.code, first.stderr).toBe(0);
  const second = await runCli(
    ["-c", "-p", "two", "--system-prompt", "PROMPT-B", "--cwd", box.project, ...extra],
    { env },
  );
  expect(second.code, second.stderr).toBe(0);
  return server.requests[1]?.body.system;
}

describe("--system-prompt-snapshot", () => {
  it("by default -c is sent the system prompt the conversation started with", async () => {
    expect(await secondSystem([])).toEqual([{ type: "text", text: "PROMPT-A" }]);
  });

  it("off, -c is sent the instructions given to this launch", async () => {
    expect(await secondSystem(["--system-prompt-snapshot", "off"])).toEqual([
      { type: "text", text: "PROMPT-B" },
    ]);
  });

  it("under --bare nothing is recorded: -c is sent this launch's instructions", async () => {
    expect(await secondSystem([], ["--bare"])).toEqual([{ type: "text", text: "PROMPT-B" }]);
  });

  it("refuses a value other than on or off, naming the choices", async () => {
    const box = sandbox();
    const r = await runCli(["-p", "x", "--system-prompt-snapshot", "maybe", "--cwd", box.project], {
      env: cliEnv(box.home),
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("argument 'maybe' is invalid. Allowed choices are on, off.");
  });
});

describe("--exclude-dynamic-system-prompt-sections", () => {
  it("sends the project directory with the first prompt, not in the system prompt", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("ok")]);
    const r = await runCli(["-p", "go", "--exclude-dynamic-system-prompt-sections", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.stringify(server.requests[0]?.body.system)).not.toContain(box.project);
    expect(requestText(server.requests[0])).toContain(`The project directory is ${box.project}`);
  });
});
