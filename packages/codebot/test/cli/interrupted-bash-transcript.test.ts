/**
 * Ctrl+C (SIGINT) or SIGTERM given to `codebot -p` while a bash call runs: the call's result is
 * recorded with the output it gave so far and why it stopped, nothing of the command is left
 * running, and `codebot -c` sends that result on as it was recorded (no call left without one).
 */
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { alive } from "../support/process-alive.js";
import { waitFor } from "../support/wait-for.js";
import { modelEnv, startPrintRun } from "./support/cli-fixtures.js";
import { jsonLines, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const ABORTED = "partial\n[command aborted; its process group was killed]";

describe.each([
  ["SIGINT", 130],
  ["SIGTERM", 143],
] as const)("%s to codebot -p while a bash call runs", (signal, code) => {
  it("the transcript records the call's partial output as its result, no sleeper is left, and -c sends it on", async () => {
    const { box, server, cli } = await startPrintRun(
      "go",
      [
        reply.toolCall("bash", { command: "echo partial; echo $$ > pid; sleep 300" }, "c1"),
        reply.text("resumed"),
      ],
      { flags: ["--permission-mode", "bypassPermissions", "--output-format", "stream-json"] },
    );
    await waitFor(() => fs.existsSync(box.at("pid")), 30_000, `the command to start (${cli.stderr()})`);
    const shell = Number(fs.readFileSync(box.at("pid"), "utf8"));
    cli.child.kill(signal);
    const r = await cli.done;
    expect(r.code).toBe(code);
    expect(r.stderr).toBe("codebot: the run was cancelled\n");
    expect(alive(shell)).toBe(false);

    const transcript = String(jsonLines(r.stdout)[0]?.transcript_path);
    const results = jsonLines(fs.readFileSync(transcript, "utf8")).filter(
      (l) => l.type === "user" && JSON.stringify(l).includes('"tool_result"'),
    );
    expect(results.map((l) => l.message)).toEqual([
      {
        role: "user",
        content: [{ type: "tool_result", tool_use_id: "c1", content: ABORTED, is_error: true }],
      },
    ]);

    const resumed = await runCli(["-c", "-p", "again", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(resumed.stderr).toBe("");
    expect(resumed.stdout).toBe("resumed\n");
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.body.messages[2].content[0]).toEqual({
      type: "tool_result",
      tool_use_id: "c1",
      content: ABORTED,
      is_error: true,
    });
  });
});

describe("SIGKILL to codebot -p while a bash call runs", () => {
  it("the command does not outlive it, and -c says the call had no result and sends it as interrupted", async () => {
    const { box, server, cli } = await startPrintRun(
      "go",
      [reply.toolCall("bash", { command: "echo $$ > pid; sleep 300" }, "k1"), reply.text("resumed")],
      { flags: ["--permission-mode", "bypassPermissions", "--output-format", "stream-json"] },
    );
    await waitFor(() => fs.existsSync(box.at("pid")), 30_000, `the command to start (${cli.stderr()})`);
    const shell = Number(fs.readFileSync(box.at("pid"), "utf8"));
    cli.child.kill("SIGKILL");
    const r = await cli.done;
    expect(r.signal).toBe("SIGKILL");
    // No codebot is left to end it: the process host, seeing codebot gone, does.
    await waitFor(() => !alive(shell), 30_000, `the command ${shell} to be ended`);

    const resumed = await runCli(["-c", "-p", "again", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(resumed.stderr).toMatch(
      /^codebot: resuming \S+: tool call k1 \(bash\) has no result; it is marked interrupted\n$/,
    );
    expect(resumed.stdout).toBe("resumed\n");
    expect(server.requests[1]?.body.messages[2].content[0]).toEqual({
      type: "tool_result",
      tool_use_id: "k1",
      content: "interrupted: the session ended before this call finished",
      is_error: true,
    });
  });
});
