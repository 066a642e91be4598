/**
 * A guard's output that cannot be read, or is too long for the model (issue 17, items 4 and 6):
 * real hook processes through the real middleware.
 */
import { describe, expect, it } from "vitest";
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
