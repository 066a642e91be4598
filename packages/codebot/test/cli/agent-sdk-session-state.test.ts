import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { waitFor } from "../support/wait-for.js";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { jsonLines, runCli, useBuiltCli } from "./support/cli-process.js";
import { allowAsAsked, type SdkRun } from "./support/sdk-driver.js";
import { sdkSession } from "./support/sdk-session.js";

useBuiltCli();

/** What each line is: its type, subtype and, for a state line, the state. */
function shapes(lines: Record<string, unknown>[]): string[] {
  return lines
    .filter((l) => l.type !== "control_response" && l.type !== "control_request" && l.type !== "assistant")
    .map((l) => [l.type, l.subtype, l.state].filter((x) => x !== undefined).join(" "));
}

/** An SDK session whose model answers two turns, with the SDK's mark for session-state lines. */
async function twoTurnRun() {
  const { run } = await sdkSession([reply.text("one"), reply.text("two")], {
    env: { CLAUDE_CODE_SDK_READS_SESSION_STATE: "1" },
  });
  return run;
}

/** The run's session-state and result lines, in order. */
function statesAndResults(run: SdkRun): string[] {
  return shapes(run.lines()).filter((s) => s.includes("session_state") || s.startsWith("result"));
}
describe("session_state_changed lines (recorded from claude 2.1.328 under the Agent SDK)", () => {
  it("with CLAUDE_CODE_SDK_READS_SESSION_STATE (the SDK sets it): running before init, requires_action while can_use_tool waits, idle after the result — marked sdk_host_only", async () => {
    const box = sandbox();
    const { run } = await sdkSession(
      [reply.toolCall("bash", { command: `touch '${box.at("made")}'` }, "toolu_1"), reply.text("done")],
      { box, env: { CLAUDE_CODE_SDK_READS_SESSION_STATE: "1" }, answers: { can_use_tool: allowAsAsked } },
    );
    run.say("go");
    await run.result();
    // The SDK keeps a one-prompt run's input open until idle: a request sent after the result is answered.
    const status = await run.request("status", { subtype: "mcp_status" });
    await waitFor(() => run.lines().find((l) => l.state === "idle"), 30_000, "the idle line");
    await run.end();
    expect(status).toMatchObject({ subtype: "success", response: { mcpServers: [] } });
    expect(shapes(run.lines())).toEqual([
      "system session_state_changed running",
      "system init",
      "system session_state_changed requires_action",
      "system session_state_changed running",
      "user",
      "result success",
      "system session_state_changed idle",
    ]);
    const line = run.lines().find((l) => l.subtype === "session_state_changed");
    expect(Object.keys(line ?? {}).sort()).toEqual(
      ["type", "subtype", "state", "sdk_host_only", "uuid", "session_id"].sort(),
    );
    expect(line?.sdk_host_only).toBe(true);
  });

  it("a turn per input message: running at each turn's start, idle after each result", async () => {
    const run = await twoTurnRun();
    run.say("first");
    await run.result();
    await run.lastTurn("second", 2);
    expect(statesAndResults(run)).toEqual([
      "system session_state_changed running",
      "result success",
      "system session_state_changed idle",
      "system session_state_changed running",
      "result success",
      "system session_state_changed idle",
    ]);
  });

  it("a message already waiting when a turn ends keeps the session running into its turn: no idle between them, as claude 2.1.328 (recorded after an interrupt with one queued)", async () => {
    const run = await twoTurnRun();
    run.say("first");
    await run.lastTurn("second", 2);
    expect(statesAndResults(run)).toEqual([
      "system session_state_changed running",
      "result success",
      "result success",
      "system session_state_changed idle",
    ]);
  });

  it("CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS asks for them in -p stream-json too, without the SDK's mark; unasked, there are none", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("hi"), reply.text("hi")]);
    const args = ["-p", "go", "--output-format", "stream-json", "--verbose", "--cwd", box.project];
    const asked = await runCli(args, {
      env: modelEnv(server, box.home, { CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS: "1" }),
    });
    const lines = jsonLines(asked.stdout);
    expect(shapes(lines)).toEqual([
      "system session_state_changed running",
      "system init",
      "result success",
      "system session_state_changed idle",
    ]);
    expect(lines[0]?.sdk_host_only).toBeUndefined();
    const unasked = await runCli(args, { env: modelEnv(server, box.home) });
    expect(shapes(jsonLines(unasked.stdout))).toEqual(["system init", "result success"]);
  });
});
