/**
 * A hook killed because its run was cancelled (Ctrl+C) is recorded `cancelled`, with why, not as a
 * failure: in --trace-file, the stream-json `hook` line, --debug hooks, and claude's `hook_response`
 * line (claude 2.1.328, recorded: `"outcome":"cancelled"` for a PreToolUse hook SIGINT stopped).
 */
import fs from "node:fs";
import { reply, type TurnReply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { conversations } from "../support/conversations.js";
import { waitFor } from "../support/wait-for.js";
import {
  command,
  modelEnv,
  modelServer,
  printRun,
  type Sandbox,
  sandbox,
  startPrintRun,
} from "./support/cli-fixtures.js";
import { jsonLines, runCli, startCli, useBuiltCli } from "./support/cli-process.js";
import { sdkSession } from "./support/sdk-session.js";

useBuiltCli();

/**
 * A background sub-agent whose bash call's PreToolUse hook `sub-guard` starts (touching
 * `hook-started`) and hangs; the main agent's replies after launching it are `mainAfter`. Returns
 * the settings file (with `extraHooks` beside the hook) and the model's script.
 */
function hangingSubAgentHook(box: Sandbox, mainAfter: TurnReply[], extraHooks: Record<string, unknown> = {}) {
  const settings = box.json("s.json", {
    hooks: {
      PreToolUse: [
        command(`touch ${box.at("hook-started")}; sleep 30`, { name: "sub-guard", matcher: "bash" }),
      ],
      ...extraHooks,
    },
  });
  const script = conversations({
    "SUB-TASK": [reply.toolCall("bash", { command: "echo hi" }), reply.text("never")],
    "go-main": [reply.toolCall("agent", { prompt: "SUB-TASK: long", run_in_background: true }), ...mainAfter],
  });
  return { settings, script };
}

/** The sub-agent hook's record in the --trace-file `trace`, once it is there. */
const subGuardRecord = (trace: string) =>
  jsonLines(fs.readFileSync(trace, "utf8")).find((r) => r.hook === "sub-guard" && r.matched);

/** A `-p` run whose PreToolUse hook hangs, given Ctrl+C (SIGINT, or `signal`) once the hook has started. */
async function interruptedHook(flags: readonly string[], signal: "SIGINT" | "SIGTERM" = "SIGINT") {
  const box = sandbox();
  const { cli, server } = await startPrintRun(
    "go",
    [reply.toolCall("glob", { pattern: "*" }, "g1"), reply.text("resumed")],
    {
      box,
      flags: [...flags],
      settings: {
        hooks: {
          PreToolUse: [
            command(`echo out-before; echo err-before >&2; touch ${box.at("hook-started")}; sleep 30`, {
              name: "slow-guard",
            }),
          ],
        },
      },
    },
  );
  await waitFor(() => fs.existsSync(box.at("hook-started")), 30_000, `the hook to start (${cli.stderr()})`);
  cli.child.kill(signal);
  const r = await cli.done;
  expect(r.code).toBe(signal === "SIGINT" ? 130 : 143);
  return { box, r, server };
}

describe("a hook stopped by Ctrl+C", () => {
  it("its --trace-file record says cancelled, interrupted by the user, with a duration and no error", async () => {
    const trace = `${sandbox().project}/trace.jsonl`;
    await interruptedHook(["--trace-file", trace]);
    const [record] = jsonLines(fs.readFileSync(trace, "utf8"));
    expect(record).toMatchObject({
      event: "PreToolUse",
      hook: "slow-guard",
      outcome: "cancelled",
      cancelReason: "interrupted by the user",
      exitCode: null,
    });
    expect(record).not.toHaveProperty("error");
    expect(record?.durationMs).toBeGreaterThan(0);
  });

  it("its stream-json hook line says cancelled with cancel_reason, and claude's hook_response line says cancelled", async () => {
    const { r } = await interruptedHook(["--output-format", "stream-json", "--include-hook-events"]);
    const lines = jsonLines(r.stdout);
    expect(lines.find((l) => l.subtype === "hook")).toMatchObject({
      hook: "slow-guard",
      outcome: "cancelled",
      cancel_reason: "interrupted by the user",
    });
    expect(lines.find((l) => l.subtype === "hook_response")).toMatchObject({
      hook_event: "PreToolUse",
      outcome: "cancelled",
    });
  });

  it("claude's hook_response line has exit_code 1 (not null) and the output it gave before, as claude's", async () => {
    const { r } = await interruptedHook(["--output-format", "stream-json", "--include-hook-events"]);
    const response = jsonLines(r.stdout).find((l) => l.subtype === "hook_response");
    expect(response).toMatchObject({
      exit_code: 1,
      stdout: "out-before\n",
      stderr: "err-before\n",
      output: expect.stringMatching(/^(out-before\nerr-before\n|err-before\nout-before\n)$/),
    });
  });

  it("SIGTERM while it runs: its record says the session ended", async () => {
    const trace = `${sandbox().project}/trace.jsonl`;
    await interruptedHook(["--trace-file", trace], "SIGTERM");
    expect(jsonLines(fs.readFileSync(trace, "utf8"))[0]).toMatchObject({
      hook: "slow-guard",
      outcome: "cancelled",
      cancelReason: "the session ended",
    });
  });

  it("the call's result in the transcript says the run was cancelled before the tool started, and -c sends it on", async () => {
    const { box, r, server } = await interruptedHook(["--output-format", "stream-json"]);
    const transcript = jsonLines(fs.readFileSync(String(jsonLines(r.stdout)[0]?.transcript_path), "utf8"));
    const cancelled = {
      type: "tool_result",
      tool_use_id: "g1",
      content: "hook: run cancelled before the tool started",
    };
    expect(
      transcript.filter((l) => JSON.stringify(l).includes('"tool_result"')).map((l) => l.message),
    ).toEqual([{ role: "user", content: [{ ...cancelled, is_error: true }] }]);
    const resumed = await runCli(["-c", "-p", "again", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(resumed.stderr).toBe("");
    expect(resumed.stdout).toBe("resumed\n");
    expect(server.requests[1]?.body.messages[2].content[0]).toEqual({ ...cancelled, is_error: true });
  });

  it("--debug hooks prints it cancelled, with why", async () => {
    const { r } = await interruptedHook(["--debug", "hooks"]);
    expect(r.stderr).toMatch(/hook PreToolUse "slow-guard" .*· cancelled · \d+ ms · interrupted by the user/);
  });

  it("a background sub-agent's hook, when Ctrl+C ends -p while it waits for the run: its record says the session ended", async () => {
    const box = sandbox();
    const trace = box.at("trace.jsonl");
    const { settings, script } = hangingSubAgentHook(box, [reply.text("launched")], {
      Stop: [command(`touch ${box.at("main-stopped")}`)],
    });
    const server = await modelServer(script);
    const cli = startCli(
      ["-p", "go-main", "--dangerously-skip-permissions", "--settings", settings, "--trace-file", trace],
      { cwd: box.project, env: modelEnv(server, box.home) },
    );
    for (const file of ["hook-started", "main-stopped"])
      await waitFor(() => fs.existsSync(box.at(file)), 30_000, `${file} (${cli.stderr()})`);
    cli.child.kill("SIGINT");
    await cli.done;
    expect(subGuardRecord(trace)).toMatchObject({
      outcome: "cancelled",
      cancelReason: "the session ended",
    });
  });
});

describe("a hook its timeout stopped", () => {
  it("claude's hook_response line says cancelled with exit_code 1 and the output it gave before, as claude's", async () => {
    const { r } = await printRun("go", [reply.toolCall("glob", { pattern: "*" }), reply.text("done")], {
      flags: ["--output-format", "stream-json", "--include-hook-events"],
      settings: {
        hooks: { PreToolUse: [command("echo out-before; echo err-before >&2; sleep 30", { timeout: 1 })] },
      },
    });
    expect(jsonLines(r.stdout).find((l) => l.subtype === "hook_response")).toMatchObject({
      outcome: "cancelled",
      exit_code: 1,
      stdout: "out-before\n",
      stderr: "err-before\n",
    });
  });
});

describe("a background sub-agent's hook, when the agent is stopped (the Agent SDK's stop_task)", () => {
  it("its --trace-file record says cancelled, background agent stopped", async () => {
    const box = sandbox();
    const trace = box.at("trace.jsonl");
    const { settings, script } = hangingSubAgentHook(box, [reply.text("launched"), reply.text("noted")]);
    const { run } = await sdkSession(script, {
      box,
      args: ["--dangerously-skip-permissions", "--settings", settings, "--trace-file", trace],
    });
    run.say("go-main");
    await waitFor(() => fs.existsSync(box.at("hook-started")), 30_000, "the sub-agent's hook to start");
    const taskId = run.lines().find((l) => l.subtype === "task_started")?.task_id;
    await run.request("s1", { subtype: "stop_task", task_id: taskId });
    await run.result(2);
    await waitFor(() => subGuardRecord(trace) !== undefined, 10_000, "its record");
    expect(subGuardRecord(trace)).toMatchObject({
      outcome: "cancelled",
      cancelReason: "background agent stopped",
    });
    await run.end();
  });
});

/**
 * A hook still running when another answers `continue: false` (Glob's and Grep's calls run at
 * once, each with its hook): left to finish, the result after it, as claude 2.1.328 (recorded).
 * The stopper waits until the slow hook has started, which then takes `seconds` to write its file.
 */
async function besideAStop(
  box: Sandbox,
  kind: "groups" | "native entries",
  flags: string[] = [],
  seconds = 3,
) {
  const slow = `touch ${box.at("slow-started")}; sleep ${seconds}; touch ${box.at("slow-done")}; echo slow-out`;
  const stopper = `for i in $(seq 400); do [ -e ${box.at("slow-started")} ] && break; sleep 0.05; done; echo '{"continue":false,"stopReason":"enough"}'`;
  const PreToolUse =
    kind === "groups"
      ? [
          { matcher: "Grep", hooks: [command(slow, { name: "slow" })] },
          { matcher: "Glob", hooks: [command(stopper, { name: "stopper" })] },
        ]
      : [
          command(slow, { name: "slow", matcher: "grep", blocking: true }),
          command(stopper, { name: "stopper", matcher: "glob", blocking: true }),
          // After the slow one, on the same call: it would start only after the stop.
          command(`touch ${box.at("after-ran")}`, { name: "after", matcher: "grep", blocking: true }),
        ];
  return startPrintRun(
    "go",
    [
      reply.toolCalls(toolCall("glob", { pattern: "*" }), toolCall("grep", { pattern: "x" })),
      reply.text("never"),
    ],
    { box, flags, settings: { hooks: { PreToolUse } } },
  );
}

describe("a hook running beside one that ends the run (continue: false)", () => {
  for (const kind of ["groups", "native entries"] as const) {
    it(`${kind}: it is left to finish (its file written, its record allowed), as claude's`, async () => {
      const box = sandbox();
      const trace = box.at("trace.jsonl");
      const { cli } = await besideAStop(box, kind, ["--trace-file", trace]);
      const r = await cli.done;
      expect(r.code).toBe(0);
      expect(fs.existsSync(box.at("slow-done"))).toBe(true);
      const records = jsonLines(fs.readFileSync(trace, "utf8")).filter((l) => l.matched);
      expect(records.find((l) => l.hook === "slow")).toMatchObject({ outcome: "allowed", exitCode: 0 });
      expect(records.find((l) => l.hook === "slow")).not.toHaveProperty("cancelReason");
    });
  }

  it("a native entry that was to start after it does not: its record says cancelled, hook stopper ended the run", async () => {
    const box = sandbox();
    const trace = box.at("trace.jsonl");
    const { cli } = await besideAStop(box, "native entries", ["--trace-file", trace]);
    await cli.done;
    expect(fs.existsSync(box.at("after-ran"))).toBe(false);
    expect(
      jsonLines(fs.readFileSync(trace, "utf8")).find((l) => l.hook === "after" && l.matched),
    ).toMatchObject({
      outcome: "cancelled",
      cancelReason: "hook stopper ended the run",
    });
  });

  it("the result line comes after its hook_response line (success, its output), as claude's", async () => {
    const box = sandbox();
    const { cli } = await besideAStop(box, "groups", [
      "--output-format",
      "stream-json",
      "--include-hook-events",
    ]);
    const lines = jsonLines((await cli.done).stdout);
    const slow = lines.findIndex((l) => l.subtype === "hook_response" && l.stdout === "slow-out\n");
    expect(lines[slow]).toMatchObject({ outcome: "success", exit_code: 0 });
    expect(lines.findIndex((l) => l.type === "result")).toBeGreaterThan(slow);
    expect(lines.find((l) => l.type === "result")).toMatchObject({ terminal_reason: "hook_stopped" });
  });

  it("it is still running after the stop; Ctrl+C then stops it: its record says cancelled, interrupted by the user", async () => {
    const box = sandbox();
    const trace = box.at("trace.jsonl");
    const { cli } = await besideAStop(box, "groups", ["--trace-file", trace], 30);
    const records = () => (fs.existsSync(trace) ? jsonLines(fs.readFileSync(trace, "utf8")) : []);
    await waitFor(
      () => records().some((l) => l.hook === "stopper" && l.matched),
      30_000,
      `the stop (${cli.stderr()})`,
    );
    // Still running after the stop (its record is written when it ends)…
    expect(records().some((l) => l.hook === "slow" && l.matched)).toBe(false);
    cli.child.kill("SIGINT");
    await cli.done;
    expect(fs.existsSync(box.at("slow-done"))).toBe(false);
    expect(records().find((l) => l.hook === "slow" && l.matched)).toMatchObject({
      outcome: "cancelled",
      cancelReason: "interrupted by the user",
    });
  });
});
