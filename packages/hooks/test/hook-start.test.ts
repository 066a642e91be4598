import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { reply, scriptedModel } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { createHttpExecutor, createPromptExecutor, type HookEnd, type HookStart } from "../src/index.js";
import { loopbackServers, respondWith } from "./http-loopback.js";
import { bashTool, callTool, runnerFor, waitFor } from "./support.js";

const startServer = loopbackServers();

/** Every start reported, and the order of starts and trace records (`start:<hook>`, `trace:<hook>`). */
function observed() {
  const starts: HookStart[] = [];
  const order: string[] = [];
  return {
    starts,
    order,
    onHookStart: (start: HookStart) => {
      starts.push(start);
      order.push(`start:${start.hook}`);
    },
    onTrace: (record: { hook: string }) => order.push(`trace:${record.hook}`),
  };
}

describe("onHookStart: a hook is reported when it starts, with its statusMessage (§3.1)", () => {
  it("PreToolUse hooks start only once the run's events so far reached their listeners", async () => {
    const seen = observed();
    const { runner } = runnerFor(
      { PreToolUse: [{ type: "command", name: "guard", command: "exit 0" }] },
      { onHookStart: seen.onHookStart },
    );
    let deliver = () => {};
    const delivered = new Promise<void>((resolve) => {
      deliver = resolve;
    });
    const calling = callTool(runner, bashTool, { command: "ls" }, { eventsDelivered: () => delivered });
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The assistant message with the call is not delivered yet (say, its transcript line).
    expect(seen.starts).toEqual([]);
    deliver();
    const { executed } = await calling;
    expect(seen.starts.map((s) => s.hook)).toEqual(["guard"]);
    expect(executed).toHaveLength(1);
  });

  it("reports a command hook's start while it is still running, with its statusMessage and tool call id", async () => {
    const seen = observed();
    const { runner, dir } = runnerFor(
      {
        PreToolUse: [
          {
            type: "command",
            name: "scan",
            statusMessage: "scanning the command…",
            // Runs until the test has seen the start: proof the start came while it ran.
            command: "while [ ! -f release ]; do sleep 0.05; done",
          },
        ],
      },
      { onHookStart: seen.onHookStart, onTrace: seen.onTrace },
    );
    const decision = runner.preToolUse({ tool: "bash", toolUseId: "call-7", args: { command: "ls" } });
    await waitFor(() => seen.starts.length === 1, 15_000, "the hook's start");
    expect(seen.starts[0]).toEqual({
      runId: expect.any(String),
      event: "PreToolUse",
      hook: "scan",
      source: "user",
      file: "/settings/user.json",
      statusMessage: "scanning the command…",
      toolUseId: "call-7",
      subject: "Bash",
    });
    expect(seen.order).toEqual(["start:scan"]);
    writeFileSync(join(dir, "release"), "");
    expect((await decision).kind).toBe("allow");
    expect(seen.order).toEqual(["start:scan", "trace:scan"]);
  });

  it("reports a hook without a statusMessage too, and no tool call id for an event without a tool", async () => {
    const seen = observed();
    const { runner } = runnerFor(
      { UserPromptSubmit: [{ type: "command", name: "plain", command: "true" }] },
      { onHookStart: seen.onHookStart },
    );
    await runner.userPromptSubmit({ prompt: "hi" });
    expect(seen.starts).toEqual([
      {
        runId: expect.any(String),
        event: "UserPromptSubmit",
        hook: "plain",
        source: "user",
        file: "/settings/user.json",
      },
    ]);
  });

  it("reports an http hook's start before its request reaches the server", async () => {
    const seen = observed();
    let startsAtRequest = -1;
    const server = await startServer((req, res) => {
      startsAtRequest = seen.starts.length;
      respondWith("{}")(req, res);
    });
    const { runner } = runnerFor(
      {
        UserPromptSubmit: [
          { type: "http", name: "remote", url: `${server.origin}/hook`, statusMessage: "asking the server" },
        ],
      },
      {
        onHookStart: seen.onHookStart,
        onTrace: seen.onTrace,
        executors: { http: createHttpExecutor({ allowedHosts: [`127.0.0.1:${server.port}`] }) },
      },
    );
    const decision = await runner.userPromptSubmit({ prompt: "hi" });
    expect(decision.trace[0]?.outcome).toBe("allowed");
    expect(server.requests).toHaveLength(1);
    expect(startsAtRequest).toBe(1);
    expect(seen.starts[0]).toMatchObject({ hook: "remote", statusMessage: "asking the server" });
    expect(seen.order).toEqual(["start:remote", "trace:remote"]);
  });

  it("reports a prompt hook's start before the model is asked", async () => {
    const seen = observed();
    let startsAtCall = -1;
    const model = scriptedModel([
      () => {
        startsAtCall = seen.starts.length;
        return reply.text('{"ok": true}');
      },
    ]);
    const { runner } = runnerFor(
      {
        UserPromptSubmit: [
          { type: "prompt", name: "judge", prompt: "ok? $ARGUMENTS", statusMessage: "asking the judge" },
        ],
      },
      {
        onHookStart: seen.onHookStart,
        onTrace: seen.onTrace,
        executors: { prompt: createPromptExecutor({ resolveModel: () => model }) },
      },
    );
    const decision = await runner.userPromptSubmit({ prompt: "hi" });
    expect(decision.trace[0]?.outcome).toBe("allowed");
    expect(model.callCount).toBe(1);
    expect(startsAtCall).toBe(1);
    expect(seen.order).toEqual(["start:judge", "trace:judge"]);
  });

  it("reports no start for a hook that is skipped or not approved", async () => {
    const seen = observed();
    const { runner, dir } = runnerFor(
      {
        PreToolUse: [
          { type: "command", name: "other-tool", matcher: "write", command: "touch ran-1" },
          { type: "command", name: "off", enabled: false, command: "touch ran-2" },
          { type: "command", name: "denied", command: "touch ran-3" },
        ],
      },
      {
        onHookStart: seen.onHookStart,
        onTrace: seen.onTrace,
        approveHook: async ({ label }) =>
          label === "denied" ? { approved: false, reason: "test says no" } : { approved: true },
      },
    );
    const decision = await runner.preToolUse({ tool: "bash", toolUseId: "c", args: {} });
    expect(decision.trace.map((r) => r.skipped)).toEqual(["matcher", "disabled", "not approved"]);
    expect(seen.starts).toEqual([]);
    expect(["ran-1", "ran-2", "ran-3"].filter((f) => existsSync(join(dir, f)))).toEqual([]);
  });

  it("reports the start of a hook of an async event when it runs in the background", async () => {
    const seen = observed();
    const { runner, dir } = runnerFor(
      {
        PostToolUse: [
          { type: "command", name: "audit", statusMessage: "auditing", command: "touch audited" },
        ],
      },
      { onHookStart: seen.onHookStart },
    );
    await runner.postToolUse({ tool: "bash", toolUseId: "c9", args: {}, output: "x", isError: false });
    await runner.close();
    expect(existsSync(join(dir, "audited"))).toBe(true);
    expect(seen.starts).toEqual([
      {
        runId: expect.any(String),
        event: "PostToolUse",
        hook: "audit",
        source: "user",
        file: "/settings/user.json",
        statusMessage: "auditing",
        toolUseId: "c9",
        subject: "Bash",
      },
    ]);
  });

  it("an onHookStart that throws is reported once, and the hooks still run", async () => {
    const { runner, dir, errors } = runnerFor(
      {
        UserPromptSubmit: [
          { type: "command", name: "one", command: "touch one" },
          { type: "command", name: "two", command: "touch two" },
        ],
      },
      {
        onHookStart: () => {
          throw new Error("observer bug");
        },
      },
    );
    const decision = await runner.userPromptSubmit({ prompt: "hi" });
    expect(decision.trace.map((r) => r.outcome)).toEqual(["allowed", "allowed"]);
    expect(existsSync(join(dir, "one")) && existsSync(join(dir, "two"))).toBe(true);
    expect(errors).toEqual(["hook trace: onHookStart threw: observer bug"]);
  });
});

describe("onHookEnd: a started hook's output when it has finished", () => {
  it("says a run stopped because its run was cancelled ended cancelled, as its trace record will", async () => {
    const ends: HookEnd[] = [];
    const { runner } = runnerFor(
      { PreToolUse: [{ type: "command", command: "sleep 20" }] },
      { onHookEnd: (end) => ends.push(end) },
    );
    const run = new AbortController();
    setTimeout(() => run.abort(new Error("interrupted by the user")), 200);
    await runner.preToolUse({ tool: "bash", toolUseId: "c1", args: { command: "ls" }, signal: run.signal });
    expect(ends).toMatchObject([{ exitCode: null, failed: true, outcome: "cancelled" }]);
  });

  it("gives each run's stdout, stderr, both as they came and exit code under its start's runId, before its trace record", async () => {
    const seen = observed();
    const ends: HookEnd[] = [];
    const { runner } = runnerFor(
      {
        PreToolUse: [
          { type: "command", name: "a", command: "echo out-a; sleep 0.1; echo err-a >&2" },
          { type: "command", name: "b", command: "echo out-b; exit 3" },
        ],
      },
      {
        onHookStart: seen.onHookStart,
        onTrace: seen.onTrace,
        onHookEnd: (end) => {
          ends.push(end);
          seen.order.push(`end:${seen.starts.find((s) => s.runId === end.runId)?.hook}`);
        },
      },
    );
    await runner.preToolUse({ tool: "bash", toolUseId: "c1", args: { command: "ls" } });
    const [a, b] = seen.starts;
    expect(new Set([a?.runId, b?.runId]).size).toBe(2);
    expect(ends).toEqual(
      expect.arrayContaining([
        {
          runId: a?.runId,
          stdout: "out-a\n",
          stderr: "err-a\n",
          output: "out-a\nerr-a\n",
          exitCode: 0,
          failed: false,
          outcome: "allowed",
        },
        {
          runId: b?.runId,
          stdout: "out-b\n",
          stderr: "",
          output: "out-b\n",
          exitCode: 3,
          failed: true,
          outcome: "failed",
        },
      ]),
    );
    for (const hook of ["a", "b"])
      expect(seen.order.indexOf(`end:${hook}`)).toBe(seen.order.indexOf(`trace:${hook}`) - 1);
  });
});
