/**
 * A guard's output that cannot be read, or is too long for the model (issue 17, items 4 and 6):
 * real hook processes through the real middleware.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createHttpExecutor } from "../src/index.js";
import { type LoopbackServer, respondWith, startLoopbackServer } from "./http-loopback.js";
import { bashTool, callTool, runnerFor } from "./support.js";

const cutOff = `printf '{"block": true, "reason": "no"'`;

describe("a blocking hook whose stdout starts like JSON but does not parse", () => {
  it("fails the run: shown once, traced as failed, and allowed under onError: allow", async () => {
    const { runner, traces, errors } = runnerFor({
      PreToolUse: [{ type: "command", name: "guard", blocking: true, command: cutOff }],
    });
    const { executed } = await callTool(runner, bashTool, { command: "ls" });
    expect(executed).toHaveLength(1);
    expect(traces[0]).toMatchObject({
      outcome: "failed",
      error: "stdout looks like JSON but does not parse",
    });
    expect(errors).toEqual(["hook guard: stdout looks like JSON but does not parse"]);
  });

  it("blocks under onError: block, naming the broken output", async () => {
    const { runner } = runnerFor({
      PreToolUse: [{ type: "command", name: "guard", blocking: true, onError: "block", command: cutOff }],
    });
    const { result, executed } = await callTool(runner, bashTool, { command: "ls" });
    expect(executed).toEqual([]);
    expect(result).toEqual({
      content: "hook: guard failed: stdout looks like JSON but does not parse",
      isError: true,
    });
  });

  it("is only a warning for a hook that cannot block (its output is read as text)", async () => {
    const { runner, traces, errors } = runnerFor({
      PreToolUse: [{ type: "command", name: "observer", onError: "block", command: cutOff }],
    });
    const { executed } = await callTool(runner, bashTool, { command: "ls" });
    expect(executed).toHaveLength(1);
    expect(traces[0]?.outcome).toBe("allowed");
    expect(errors).toEqual(["hook observer: stdout looks like JSON but does not parse; treated as text"]);
  });
});

describe("a blocking hook whose stdout is a JSON object followed by more output", () => {
  it.each([
    [
      "a log line",
      `echo '{"decision": "block", "reason": "no"}'; echo 'checked 3 files'`,
      '"checked 3 files"',
    ],
    ["a second object", `echo '{}'; echo '{"decision": "block"}'`, '"{\\"decision\\": \\"block\\"}"'],
    ["NUL bytes", `echo '{"decision": "block"}'; printf '\\000\\000'`, '"\\u0000\\u0000"'],
  ])("%s: the failure names the output after the JSON, and the call runs", async (_name, command, shown) => {
    const { runner, errors } = runnerFor({
      PreToolUse: [{ type: "command", name: "guard", blocking: true, command }],
    });
    const { executed } = await callTool(runner, bashTool, { command: "ls" });
    expect(executed).toHaveLength(1);
    expect(errors).toEqual([
      `hook guard: stdout looks like JSON but does not parse: the JSON object is followed by other output (${shown}); stdout must hold the JSON object alone`,
    ]);
  });
});

describe("an exit-2 reason sent to the model", () => {
  it("is capped like tool output: head and tail kept, the cut counted", async () => {
    // 100,000 characters of stderr: "HEAD", filler, "TAIL".
    const command = `node -e 'process.stderr.write("HEAD" + "x".repeat(99992) + "TAIL")'; exit 2`;
    const { runner } = runnerFor({ PreToolUse: [{ type: "command", blocking: true, command }] });
    const { result } = await callTool(runner, bashTool, { command: "ls" });
    const content = String(result.content);
    expect(content.length).toBeLessThan(30_100);
    expect(content.startsWith("hook: HEAD")).toBe(true);
    expect(content.endsWith("TAIL")).toBe(true);
    expect(content).toContain("[… 70000 characters of output cut …]");
  });
});

describe("an http guard whose 2xx answer is neither empty nor a JSON object", () => {
  const servers: LoopbackServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  async function guardAnswering(body: string, entry: Record<string, unknown> = {}, event = "PreToolUse") {
    const target = await startLoopbackServer(respondWith(body));
    servers.push(target);
    const url = `${target.origin}/check`;
    const hooks = {
      [event]: [{ matcher: event === "Stop" ? "" : "Bash", hooks: [{ type: "http", url, ...entry }] }],
    };
    const executors = { http: createHttpExecutor({ allowedHosts: [`127.0.0.1:${target.port}`] }) };
    return { url, ...runnerFor(hooks, { executors }) };
  }

  it("fails the run (fail-open by default) and tells the user once what came back", async () => {
    const { runner, traces, errors, url } = await guardAnswering("<html>proxy login</html>");
    const first = await callTool(runner, bashTool, { command: "ls" });
    await callTool(runner, bashTool, { command: "pwd" });
    expect(first.executed).toHaveLength(1);
    expect(traces[0]).toMatchObject({ outcome: "failed" });
    expect(errors).toEqual([
      `hook PreToolUse[0].hooks[0] http: ${url}: the answer is not a JSON object, so it checked nothing ("<html>proxy login</html>")`,
    ]);
  });

  it("is a failed run for a JSON array too", async () => {
    const { runner, traces } = await guardAnswering("[1,2]");
    await callTool(runner, bashTool, { command: "ls" });
    expect(traces[0]).toMatchObject({ outcome: "failed" });
  });

  it("blocks under onError: block", async () => {
    const { runner } = await guardAnswering("OK", { onError: "block" });
    const { executed, result } = await callTool(runner, bashTool, { command: "ls" });
    expect(executed).toEqual([]);
    expect(result.isError).toBe(true);
    expect(result.content).toContain("the answer is not a JSON object");
  });

  it("allows in silence when the body is empty", async () => {
    const { runner, traces, errors } = await guardAnswering("");
    const { executed } = await callTool(runner, bashTool, { command: "ls" });
    expect(executed).toHaveLength(1);
    expect(traces[0]?.outcome).toBe("allowed");
    expect(errors).toEqual([]);
  });

  it("is no failure for a Stop hook, which checks no action (a Slack webhook answers ok)", async () => {
    const { runner, errors } = await guardAnswering("ok", {}, "Stop");
    const decision = await runner.stop({ stopHookActive: false, lastAssistantMessage: "done" });
    expect(decision.kind).not.toBe("block");
    expect(errors).toEqual([]);
  });
});
