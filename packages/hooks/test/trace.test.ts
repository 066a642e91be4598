import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createHookRunner, loadHooks, type TraceRecord } from "../src/index.js";
import { type AppendBytes, appendAll } from "../src/trace-append.js";
import { TraceFile } from "../src/trace-file.js";
import { bashTool, callTool, layer, runnerFor, tempDir } from "./support.js";

describe("trace", () => {
  it("every skipped hook has a record saying why", async () => {
    const { runner, traces } = runnerFor({
      PreToolUse: [
        { type: "command", name: "off", enabled: false, command: "true" },
        { type: "command", name: "other-tool", matcher: "write", command: "true" },
        { type: "command", name: "other-args", if: "/rm/", command: "true" },
        { type: "command", name: "runs", command: "true" },
      ],
    });
    const decision = await runner.preToolUse({ tool: "bash", toolUseId: "t", args: { command: "ls" } });
    const summary = decision.trace.map((r) => [r.hook, r.matched, r.skipped, r.outcome]);
    expect(summary).toEqual([
      ["off", false, "disabled", undefined],
      ["other-tool", false, "matcher", undefined],
      ["other-args", false, "if", undefined],
      ["runs", true, undefined, "allowed"],
    ]);
    expect(traces).toEqual(decision.trace);
  });

  it("with disableAllHooks every hook is recorded as skipped and none runs", async () => {
    const dir = tempDir();
    const traces: TraceRecord[] = [];
    const runner = createHookRunner({
      hooks: loadHooks([
        layer({ hooks: { PreToolUse: [{ type: "command", blocking: true, command: "exit 2" }] } }),
        layer({ disableAllHooks: true }, "cli"),
      ]),
      session: { sessionId: "s", cwd: dir, transcriptPath: "" },
      onTrace: (r) => traces.push(r),
    });
    const { result } = await callTool(runner, bashTool, { command: "ls" });
    expect(result.isError).toBe(false);
    expect(runner.disabled).toBe(true);
    expect(traces).toMatchObject([{ matched: false, skipped: "all hooks disabled" }]);
  });

  it("a run record has duration, exit code, outcome and decision", async () => {
    const { runner, traces } = runnerFor({
      PreToolUse: [{ type: "command", name: "ctx", command: `echo '{"additional_context":"note"}'` }],
    });
    await runner.preToolUse({ tool: "bash", toolUseId: "t", args: {} });
    expect(traces[0]).toMatchObject({
      event: "PreToolUse",
      hook: "ctx",
      source: "user",
      file: "/settings/user.json",
      matched: true,
      exitCode: 0,
      outcome: "allowed",
      decision: { block: false, additionalContext: "note" },
    });
    expect(traces[0]?.durationMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(traces[0]?.time ?? "")).not.toBeNaN();
  });

  it("a hook printing 100 MiB is capped and the trace says truncated", async () => {
    const { runner, traces } = runnerFor({
      PreToolUse: [{ type: "command", command: "head -c 104857600 /dev/zero" }],
    });
    const decision = await runner.preToolUse({ tool: "bash", toolUseId: "t", args: {} });
    expect(decision.kind).toBe("allow");
    expect(traces[0]).toMatchObject({ outcome: "allowed", truncated: ["stdout"] });
  });

  it("non-JSON and invalid UTF-8 stdout are plain text: allowed, nothing unusable", async () => {
    const { runner, traces, errors } = runnerFor({
      PreToolUse: [{ type: "command", command: "printf 'hello \\377 world [1,2]'" }],
    });
    const decision = await runner.preToolUse({ tool: "bash", toolUseId: "t", args: {} });
    expect(decision).toMatchObject({ kind: "allow" });
    expect(traces[0]?.warnings).toBeUndefined();
    expect(errors).toEqual([]);
  });

  it("onHookError is called once per hook per session, with the hook's name and why", async () => {
    const { runner, errors } = runnerFor({
      PreToolUse: [
        { type: "command", name: "flaky", command: "echo oops >&2; exit 1" },
        { type: "command", name: "slow", timeout: 0.2, command: "sleep 10" },
        { type: "command", name: "garbled", command: "echo '{\"block\": tru}'" },
        { type: "command", name: "fine", command: "true" },
      ],
    });
    for (let i = 0; i < 3; i++) await runner.preToolUse({ tool: "bash", toolUseId: `t${i}`, args: {} });
    expect(errors).toEqual([
      "hook flaky: exit code 1: oops",
      "hook slow: timed out after 0.2s",
      "hook garbled: stdout looks like JSON but does not parse; treated as text",
    ]);
  });

  it("a failed run's message carries its executor's warnings: a 401 comes with the empty token it was sent", async () => {
    const { runner, traces, errors } = runnerFor(
      { PreToolUse: [{ type: "http", name: "gate", url: "https://policy.example/check" }] },
      {
        executors: {
          http: {
            run: async () => ({
              stdout: "",
              stderr: "",
              exitCode: 1,
              error: "http hook https://policy.example/check: status 401",
              warnings: ["headers: $TOKEN is not set"],
            }),
          },
        },
      },
    );
    await runner.preToolUse({ tool: "bash", toolUseId: "t", args: {} });
    expect(traces[0]).toMatchObject({ outcome: "failed", warnings: ["headers: $TOKEN is not set"] });
    expect(errors).toEqual([
      "hook gate: http hook https://policy.example/check: status 401; headers: $TOKEN is not set",
    ]);
  });

  it("an http hook without a name, labelled by its URL, has its failure line name the URL once", async () => {
    const failing = {
      run: async () => ({
        stdout: "",
        stderr: "",
        exitCode: 1,
        error: "http hook https://policy.example/check: status 500",
      }),
    };
    const { runner, traces, errors } = runnerFor(
      { PreToolUse: [{ type: "http", url: "https://policy.example/check" }] },
      { executors: { http: failing } },
    );
    await runner.preToolUse({ tool: "bash", toolUseId: "t", args: {} });
    expect(errors).toEqual(["hook PreToolUse[0] http: https://policy.example/check: status 500"]);
    // The trace keeps the executor's whole error.
    expect(traces[0]).toMatchObject({ error: "http hook https://policy.example/check: status 500" });
    const group = runnerFor(
      { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "http", url: "https://policy.example/check" }] }] },
      { executors: { http: failing } },
    );
    await group.runner.preToolUse({ tool: "bash", toolUseId: "t", args: {} });
    expect(group.errors).toEqual([
      expect.stringMatching(/ http: https:\/\/policy\.example\/check: status 500$/),
    ]);
    expect(group.errors[0]).not.toMatch(/http hook/);
  });

  it("a hook's warning shown on a run that succeeded does not hide its later failure (a 401)", async () => {
    const { runner, errors } = gateAnswering([200, 200, 401, 401]);
    for (let i = 0; i < 4; i++) await runner.preToolUse({ tool: "bash", toolUseId: `t${i}`, args: {} });
    expect(errors).toEqual([
      "hook gate: headers: $TOKEN is not set",
      "hook gate: http hook https://policy.example/check: status 401; headers: $TOKEN is not set",
    ]);
  });

  it("a failure line that carried a hook's warnings counts as showing them: a later run that succeeds does not repeat them", async () => {
    const { runner, errors } = gateAnswering([401, 200]);
    for (let i = 0; i < 2; i++) await runner.preToolUse({ tool: "bash", toolUseId: `t${i}`, args: {} });
    expect(errors).toEqual([
      "hook gate: http hook https://policy.example/check: status 401; headers: $TOKEN is not set",
    ]);
  });

  it("a missing executor is a failed run saying so", async () => {
    const { runner, traces, errors } = runnerFor({
      PreToolUse: [{ type: "prompt", name: "judge", blocking: true, prompt: "is $ARGUMENTS safe?" }],
    });
    const decision = await runner.preToolUse({ tool: "bash", toolUseId: "t", args: {} });
    expect(decision.kind).toBe("allow");
    expect(traces[0]).toMatchObject({ outcome: "failed", error: "prompt hook: no executor configured" });
    expect(errors).toEqual(["hook judge: prompt hook: no executor configured"]);
  });

  it("plugged-in executors are dispatched by type", async () => {
    const { runner } = runnerFor(
      { PreToolUse: [{ type: "http", blocking: true, url: "https://policy.example/check" }] },
      {
        executors: {
          http: {
            run: async (spec, ctx) => ({
              stdout: JSON.stringify({
                block: true,
                reason: `${spec.url} says no to ${JSON.parse(ctx.payload).tool}`,
              }),
              stderr: "",
              exitCode: 0,
            }),
          },
        },
      },
    );
    expect(await runner.preToolUse({ tool: "bash", toolUseId: "t", args: {} })).toMatchObject({
      kind: "block",
      reason: "https://policy.example/check says no to bash",
    });
  });

  it("the trace file is valid JSONL even when many hooks finish at once", async () => {
    const dir = tempDir();
    const file = join(dir, "trace.jsonl");
    const { runner } = runnerFor(
      {
        PreToolUse: [
          { type: "command", command: "true" },
          { type: "command", matcher: "nothing", command: "true" },
        ],
        PostToolUse: [{ type: "command", command: "head -c 3000 /dev/zero | tr '\\0' x" }],
      },
      { traceFile: file, maxConcurrentAsync: 4 },
    );
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => callTool(runner, bashTool, { command: `c${i}` }, { id: `t${i}` })),
    );
    await runner.close();
    const lines = readFileSync(file, "utf8").trimEnd().split("\n");
    expect(lines).toHaveLength(60);
    const records = lines.map((line) => JSON.parse(line) as TraceRecord);
    expect(records.filter((r) => r.event === "PostToolUse" && r.outcome === "allowed")).toHaveLength(20);
    expect(records.filter((r) => r.skipped === "matcher")).toHaveLength(20);
  });

  it("1000 hooked calls at once leave one whole line per hook considered in the trace file", async () => {
    const file = join(tempDir(), "trace.jsonl");
    const answer = async () => ({ stdout: "", stderr: "", exitCode: 0 });
    const { runner } = runnerFor(
      {
        PreToolUse: [
          { type: "http", name: "gate", url: "https://policy.example/check" },
          { type: "http", name: "other-tool", matcher: "nothing", url: "https://policy.example/check" },
        ],
        PostToolUse: [{ type: "http", name: "audit", url: "https://audit.example/post" }],
      },
      { traceFile: file, executors: { http: { run: answer } } },
    );
    await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        callTool(runner, bashTool, { command: `c${i}` }, { id: `t${i}` }),
      ),
    );
    await runner.close();
    const records = readFileSync(file, "utf8")
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as TraceRecord);
    for (const hook of ["gate", "other-tool", "audit"]) {
      const ids = new Set(records.filter((r) => r.hook === hook).map((r) => r.toolUseId));
      expect(ids.size, hook).toBe(1000);
    }
    expect(records).toHaveLength(3000);
  });

  it("a trace file that cannot be written is reported once and hooks still run", async () => {
    const file = join(tempDir(), "missing-dir", "trace.jsonl");
    const { runner, errors } = runnerFor(
      { PreToolUse: [{ type: "command", blocking: true, command: "exit 2" }] },
      { traceFile: file },
    );
    expect((await runner.preToolUse({ tool: "bash", toolUseId: "a", args: {} })).kind).toBe("block");
    expect((await runner.preToolUse({ tool: "bash", toolUseId: "b", args: {} })).kind).toBe("block");
    await runner.close();
    expect(errors).toEqual([
      expect.stringMatching(/^hook trace .*missing-dir\/trace\.jsonl: ENOENT/),
      expect.stringMatching(/missing-dir\/trace\.jsonl: 2 record\(s\) could not be written$/),
    ]);
  });

  it("records a failed write could not take are written with the next ones once the file is writable", async () => {
    const dir = join(tempDir(), "later");
    const file = join(dir, "trace.jsonl");
    const { runner, errors } = runnerFor(
      { PreToolUse: [{ type: "command", name: "guard", command: "true" }] },
      { traceFile: file },
    );
    await runner.preToolUse({ tool: "bash", toolUseId: "a", args: {} });
    // The first record's write has failed (and been reported) before the folder exists.
    for (let waited = 0; errors.length === 0 && waited < 10_000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    mkdirSync(dir);
    await runner.preToolUse({ tool: "bash", toolUseId: "b", args: {} });
    await runner.close();
    const records = readFileSync(file, "utf8")
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(records.map((r: TraceRecord) => r.hook)).toEqual(["guard", "guard"]);
    expect(errors).toEqual([expect.stringMatching(/later\/trace\.jsonl: ENOENT/)]);
  });

  it("a symbolic link moved over the trace file mid-session is not followed: the write is refused and reported, the records kept for the file", async () => {
    const dir = tempDir();
    const file = join(dir, "trace.jsonl");
    const bashrc = join(dir, "bashrc");
    writeFileSync(bashrc, "# yours\n");
    const { runner, errors } = runnerFor(
      { PreToolUse: [{ type: "command", name: "guard", command: "true" }] },
      { traceFile: file },
    );
    await runner.preToolUse({ tool: "bash", toolUseId: "a", args: {} });
    // The first record is on disk before the file is swapped.
    for (let waited = 0; !existsSync(file) || readFileSync(file, "utf8") === ""; waited += 10) {
      if (waited > 10_000) throw new Error("the first record was never written");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    rmSync(file);
    symlinkSync(bashrc, file);
    await runner.preToolUse({ tool: "bash", toolUseId: "b", args: {} });
    for (let waited = 0; errors.length === 0 && waited < 10_000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(readFileSync(bashrc, "utf8")).toBe("# yours\n");
    expect(errors).toEqual([
      expect.stringMatching(/trace\.jsonl: it has been replaced by a symbolic link since the session began/),
    ]);
    // Once it is a file again, the held record is written there.
    rmSync(file);
    await runner.preToolUse({ tool: "bash", toolUseId: "c", args: {} });
    await runner.close();
    expect(readFileSync(bashrc, "utf8")).toBe("# yours\n");
    expect(readFileSync(file, "utf8").trimEnd().split("\n")).toHaveLength(2);
  });

  it("a folder of its path swapped for a symbolic link mid-session does not take the records elsewhere: refused and reported, kept for the file", async () => {
    const dir = tempDir();
    const logs = join(dir, "logs");
    const elsewhere = join(dir, "elsewhere");
    mkdirSync(logs);
    mkdirSync(elsewhere);
    const file = join(logs, "trace.jsonl");
    const { runner, errors } = runnerFor(
      { PreToolUse: [{ type: "command", name: "guard", command: "true" }] },
      { traceFile: file },
    );
    await runner.preToolUse({ tool: "bash", toolUseId: "a", args: {} });
    for (let waited = 0; !existsSync(file) || readFileSync(file, "utf8") === ""; waited += 10) {
      if (waited > 10_000) throw new Error("the first record was never written");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    renameSync(logs, join(dir, "logs.real"));
    symlinkSync(elsewhere, logs);
    await runner.preToolUse({ tool: "bash", toolUseId: "b", args: {} });
    for (let waited = 0; errors.length === 0 && waited < 10_000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(existsSync(join(elsewhere, "trace.jsonl"))).toBe(false);
    expect(errors).toEqual([
      expect.stringMatching(/trace\.jsonl: its folder .*logs now leads to .*elsewhere/),
    ]);
    // Its folder back in place: the held record is written there.
    rmSync(logs);
    renameSync(join(dir, "logs.real"), logs);
    await runner.preToolUse({ tool: "bash", toolUseId: "c", args: {} });
    await runner.close();
    expect(existsSync(join(elsewhere, "trace.jsonl"))).toBe(false);
    expect(readFileSync(file, "utf8").trimEnd().split("\n")).toHaveLength(3);
  });

  it.runIf(process.platform === "linux")(
    "a folder swapped for a link between the folder check and the open is caught on the opened file: nothing is written there, the record is kept for the file",
    async () => {
      const dir = tempDir();
      const logs = join(dir, "logs");
      const elsewhere = join(dir, "elsewhere");
      mkdirSync(logs);
      mkdirSync(elsewhere);
      const file = join(logs, "trace.jsonl");
      // The swap lands after the check before the open: the moment a racing command would pick.
      let swapped = false;
      const swappedThenAppended: AppendBytes = async (path, data, flags, realFile) => {
        if (!swapped) {
          renameSync(logs, join(dir, "logs.real"));
          symlinkSync(elsewhere, logs);
          swapped = true;
        }
        await appendAll(path, data, flags, realFile);
      };
      const errors: string[] = [];
      const trace = new TraceFile(file, (m) => errors.push(m), swappedThenAppended);
      const record = (hook: string) =>
        ({ time: "t", event: "PreToolUse", hook, source: "user", file: "f", matched: true }) as const;
      trace.append(record("h1"));
      for (let waited = 0; errors.length === 0 && waited < 10_000; waited += 10) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(readFileSync(join(elsewhere, "trace.jsonl"), { encoding: "utf8", flag: "a+" })).toBe("");
      expect(errors).toEqual([
        expect.stringMatching(/trace\.jsonl: its folder .*logs now leads to .*elsewhere/),
      ]);
      // Its folder back in place: the held record is written there with the next one.
      rmSync(logs);
      renameSync(join(dir, "logs.real"), logs);
      trace.append(record("h2"));
      await trace.flush();
      expect(readFileSync(join(elsewhere, "trace.jsonl"), "utf8")).toBe("");
      expect(readFileSync(file, "utf8").trimEnd().split("\n")).toHaveLength(2);
    },
  );

  it("a trace file named through a link at the start (your /dev/stderr) is written through it", async () => {
    const dir = tempDir();
    const target = join(dir, "real.jsonl");
    const link = join(dir, "trace.jsonl");
    writeFileSync(target, "");
    symlinkSync(target, link);
    const { runner, errors } = runnerFor(
      { PreToolUse: [{ type: "command", name: "guard", command: "true" }] },
      { traceFile: link },
    );
    await runner.preToolUse({ tool: "bash", toolUseId: "a", args: {} });
    await runner.close();
    expect(errors).toEqual([]);
    expect(JSON.parse(readFileSync(target, "utf8")).hook).toBe("guard");
  });

  it("a write that fails part way writes again only the records it did not take whole", async () => {
    const file = join(tempDir(), "trace.jsonl");
    let fail = true;
    // A disk that fills up in the middle of the second record of a write, then has room again.
    const appendBytes = async (path: string, data: Buffer) => {
      const records = data.toString().split("\n").length - 1;
      if (!fail || records < 2) return appendFileSync(path, data);
      fail = false;
      const cut = data.indexOf(0x0a) + 20;
      appendFileSync(path, data.subarray(0, cut));
      throw Object.assign(new Error("ENOSPC: no space left on device"), { bytesWritten: cut });
    };
    const errors: string[] = [];
    const trace = new TraceFile(file, (m) => errors.push(m), appendBytes);
    const record = (hook: string) =>
      ({ time: "t", event: "PreToolUse", hook, source: "user", file: "f", matched: true }) as const;
    for (const hook of ["h1", "h2", "h3"]) trace.append(record(hook));
    await trace.flush();
    trace.append(record("h4"));
    await trace.flush();
    const lines = readFileSync(file, "utf8").trimEnd().split("\n");
    const hooks = lines.map((line) => {
      try {
        return (JSON.parse(line) as TraceRecord).hook;
      } catch {
        return "fragment";
      }
    });
    // h1 alone, then h2 and h3 in one write that stops inside h3: h3 is written again, whole.
    expect(hooks).toEqual(["h1", "h2", "fragment", "h3", "h4"]);
    expect(errors).toEqual([expect.stringMatching(/ENOSPC/)]);
  });

  it("a trace file left ending mid-line gets that line ended first, so new records stay whole", async () => {
    const file = join(tempDir(), "trace.jsonl");
    writeFileSync(file, '{"time":"2026-12-03T21:00:00.000Z","event":"PreTo');
    const { runner } = runnerFor({ PreToolUse: [{ type: "command", command: "true" }] }, { traceFile: file });
    await runner.preToolUse({ tool: "bash", toolUseId: "a", args: {} });
    await runner.close();
    const lines = readFileSync(file, "utf8").split("\n");
    expect(lines[0]).toBe('{"time":"2026-12-03T21:00:00.000Z","event":"PreTo');
    expect((JSON.parse(lines[1] as string) as TraceRecord).event).toBe("PreToolUse");
    expect(lines[2]).toBe("");
  });

  it("flushNow puts every record on disk before it returns, those of a write still under way too (the process exits next)", () => {
    const file = join(tempDir(), "trace.jsonl");
    const errors: string[] = [];
    // A write that never finishes: the state of an exit that comes while one is under way.
    const trace = new TraceFile(
      file,
      (m) => errors.push(m),
      () => new Promise<void>(() => {}),
    );
    const record = (hook: string) =>
      ({ time: "t", event: "PostToolUse", hook, source: "user", file: "f", matched: true }) as const;
    trace.append(record("under-way"));
    trace.append(record("pending"));
    trace.flushNow();
    const hooks = readFileSync(file, "utf8")
      .trimEnd()
      .split("\n")
      .map((line) => (JSON.parse(line) as TraceRecord).hook);
    expect(hooks).toEqual(["under-way", "pending"]);
    expect(errors).toEqual([]);
  });

  it("flushNow to a file that cannot be written reports how many records are lost", () => {
    const file = join(tempDir(), "missing-dir", "trace.jsonl");
    const errors: string[] = [];
    const trace = new TraceFile(
      file,
      (m) => errors.push(m),
      () => new Promise<void>(() => {}),
    );
    trace.append({ time: "t", event: "PostToolUse", hook: "a", source: "user", file: "f", matched: true });
    trace.flushNow();
    expect(errors).toEqual([
      expect.stringMatching(/missing-dir\/trace\.jsonl: ENOENT/),
      expect.stringMatching(/missing-dir\/trace\.jsonl: 1 record\(s\) could not be written$/),
    ]);
  });
});

/** An http hook `gate` whose runs answer with `statuses` in turn, each warning of an unset header variable. */
function gateAnswering(statuses: number[]) {
  return runnerFor(
    { PreToolUse: [{ type: "http", name: "gate", url: "https://policy.example/check" }] },
    {
      executors: {
        http: {
          run: async () => {
            const status = statuses.shift() ?? 200;
            return {
              stdout: "",
              stderr: "",
              exitCode: status < 300 ? 0 : 1,
              ...(status < 300 ? {} : { error: `http hook https://policy.example/check: status ${status}` }),
              warnings: ["headers: $TOKEN is not set"],
            };
          },
        },
      },
    },
  );
}
