/**
 * Persistent command hooks (`"persistent": true`): one process per session answers every event
 * by id; timeouts, crashes and restarts; the Python and Node examples of docs/hooks.md as written.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadHooks } from "../src/index.js";
import { isRunning, layer, q, runnerFor, tempDir, waitFor } from "./support.js";

const docs = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), "../../../docs/hooks.md"), "utf8");

/** The fenced block of `lang` in the "Persistent hooks" section of docs/hooks.md. */
function docExample(lang: string): string {
  const section = docs.slice(docs.indexOf("## Persistent hooks"), docs.indexOf("## Approval and trust"));
  const match = new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``).exec(section);
  if (!match?.[1]) throw new Error(`no ${lang} example in the Persistent hooks section`);
  return match[1];
}

const bash = (command: string) => ({ tool: "bash", toolUseId: "t", args: { command } });

/** A persistent hook in Python that logs each start to `starts` and answers with `respond(event)`. */
function pythonHook(dir: string, respond: string, extra: Record<string, unknown> = {}) {
  const script = join(dir, "hook.py");
  writeFileSync(
    script,
    [
      "import json, os, sys",
      `open(${JSON.stringify(join(dir, "starts"))}, "a").write(str(os.getpid()) + "\\n")`,
      "for line in sys.stdin:",
      "    event = json.loads(line)",
      `    answer = ${respond}`,
      "    if answer is not None:",
      "        print(json.dumps(answer), flush=True)",
    ].join("\n"),
  );
  return { type: "command", command: `python3 ${q(script)}`, persistent: true, blocking: true, ...extra };
}

const starts = (dir: string): number[] =>
  readFileSync(join(dir, "starts"), "utf8").trim().split("\n").filter(Boolean).map(Number);

describe("persistent hooks: the docs/hooks.md examples, as written", () => {
  for (const [lang, file, run] of [
    ["python", "guard.py", "python3 .codebot/hooks/guard.py"],
    ["js", "guard.mjs", "node .codebot/hooks/guard.mjs"],
  ] as const) {
    it(`the ${lang} guard blocks rm -rf, allows the rest, from one process`, async () => {
      const dir = tempDir();
      mkdirSync(join(dir, ".codebot/hooks"), { recursive: true });
      writeFileSync(join(dir, ".codebot/hooks", file), docExample(lang));
      const { runner } = runnerFor(
        {
          PreToolUse: [{ type: "command", command: run, persistent: true, matcher: "bash", blocking: true }],
        },
        { dir },
      );
      expect(await runner.preToolUse(bash("rm -rf build"))).toMatchObject({
        kind: "block",
        reason: "no rm -rf here",
      });
      for (let i = 0; i < 5; i++) expect((await runner.preToolUse(bash(`ls ${i}`))).kind).toBe("allow");
      expect((await runner.preToolUse(bash("sudo rm -rf /"))).kind).toBe("block");
    });
  }
});

describe("persistent hooks", () => {
  it("starts once for many events, and its process ends when the runner closes", async () => {
    const dir = tempDir();
    const { runner, traces } = runnerFor(
      {
        PreToolUse: [pythonHook(dir, '{"id": event["id"], "additional_context": event["args"]["command"]}')],
      },
      { dir },
    );
    for (let i = 0; i < 10; i++) {
      const decision = await runner.preToolUse(bash(`echo ${i}`));
      expect(decision).toMatchObject({ kind: "allow", context: `echo ${i}` });
    }
    expect(starts(dir)).toHaveLength(1);
    expect(traces.every((t) => t.outcome === "allowed")).toBe(true);
    const [pid] = starts(dir);
    await runner.close();
    await waitFor(() => !isRunning(pid as number), 10_000, "the persistent process to end");
  });

  it("its process is stopped once its consent is withdrawn (refused at an event), and starts afresh when approved again", async () => {
    const dir = tempDir();
    let approved = true;
    const { runner } = runnerFor(
      { PreToolUse: [pythonHook(dir, '{"id": event["id"]}')] },
      { dir, approveHook: () => (approved ? { approved: true } : { approved: false, reason: "revoked" }) },
    );
    expect((await runner.preToolUse(bash("ls"))).kind).toBe("allow");
    const [pid] = starts(dir);
    approved = false;
    expect((await runner.preToolUse(bash("ls"))).kind).toBe("block");
    await waitFor(() => !isRunning(pid as number), 10_000, "the unapproved process to end");
    approved = true;
    expect((await runner.preToolUse(bash("ls"))).kind).toBe("allow");
    expect(starts(dir)).toHaveLength(2);
  });

  it("its process is stopped when the settings reloaded no longer have its hook; the others' go on", async () => {
    const dir = tempDir();
    const other = tempDir();
    const kept = pythonHook(other, '{"id": event["id"]}');
    const { runner } = runnerFor({ PreToolUse: [pythonHook(dir, '{"id": event["id"]}'), kept] }, { dir });
    expect((await runner.preToolUse(bash("ls"))).kind).toBe("allow");
    const [pid] = starts(dir);
    const [keptPid] = starts(other);
    runner.reload(loadHooks([layer({ hooks: { PreToolUse: [kept] } })]));
    await waitFor(() => !isRunning(pid as number), 10_000, "the removed hook's process to end");
    expect(isRunning(keptPid as number)).toBe(true);
    expect((await runner.preToolUse(bash("ls"))).kind).toBe("allow");
    expect(starts(other)).toEqual([keptPid]);
  });

  it("its process is stopped when the settings reloaded switch hooks off (disableAllHooks)", async () => {
    const dir = tempDir();
    const hook = pythonHook(dir, '{"id": event["id"]}');
    const { runner } = runnerFor({ PreToolUse: [hook] }, { dir });
    expect((await runner.preToolUse(bash("ls"))).kind).toBe("allow");
    const [pid] = starts(dir);
    runner.reload(loadHooks([layer({ hooks: { PreToolUse: [hook] }, disableAllHooks: true })]));
    await waitFor(() => !isRunning(pid as number), 10_000, "the switched-off hook's process to end");
  });

  it("reads exit_code and stderr with exit-code semantics: 2 blocks with the stderr as reason", async () => {
    const dir = tempDir();
    const { runner } = runnerFor(
      { PreToolUse: [pythonHook(dir, '{"id": event["id"], "exit_code": 2, "stderr": "not on a Friday"}')] },
      { dir },
    );
    expect(await runner.preToolUse(bash("deploy"))).toMatchObject({
      kind: "block",
      reason: "not on a Friday",
    });
  });

  it("matches answers to calls by id, in any order", async () => {
    const dir = tempDir();
    // Answers the first event only after the second arrived, the second at once.
    const script = join(dir, "hook.py");
    writeFileSync(
      script,
      [
        "import json, sys",
        "held = None",
        "for line in sys.stdin:",
        "    event = json.loads(line)",
        "    if held is None:",
        "        held = event",
        "        continue",
        '    print(json.dumps({"id": event["id"], "additional_context": "second"}), flush=True)',
        '    print(json.dumps({"id": held["id"], "additional_context": "first"}), flush=True)',
      ].join("\n"),
    );
    const { runner } = runnerFor(
      { PreToolUse: [{ type: "command", command: `python3 ${q(script)}`, persistent: true }] },
      { dir },
    );
    const [first, second] = await Promise.all([runner.preToolUse(bash("a")), runner.preToolUse(bash("b"))]);
    expect(first).toMatchObject({ kind: "allow", context: "first" });
    expect(second).toMatchObject({ kind: "allow", context: "second" });
  });

  it("a stray line over 1 MiB is skipped to its end; the answer after it counts", async () => {
    const dir = tempDir();
    const respond =
      '(print("x" * 3_000_000, flush=True), {"id": event["id"], "block": True, "reason": "after noise"})[1]';
    const { runner } = runnerFor({ PreToolUse: [pythonHook(dir, respond)] }, { dir });
    expect(await runner.preToolUse(bash("rm -rf /"))).toMatchObject({ kind: "block", reason: "after noise" });
  });

  it("an answer over 1 MiB fails its call at once, not at its timeout", async () => {
    const dir = tempDir();
    const respond = '{"id": event["id"], "block": True, "reason": "x" * 2_000_000}';
    const { runner } = runnerFor(
      { PreToolUse: [pythonHook(dir, respond, { name: "long", timeout: 60, onError: "block" })] },
      { dir },
    );
    const started = Date.now();
    expect(await runner.preToolUse(bash("ls"))).toMatchObject({
      kind: "block",
      reason:
        "long failed: persistent hook answered with a line longer than 1048576 bytes; the answer was not read",
    });
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it("fails a call that gets no answer within its timeout, and starts the process afresh for the next", async () => {
    const dir = tempDir();
    const respond = '{"id": event["id"]} if event["args"]["command"] != "hang" else None';
    const { runner } = runnerFor(
      { PreToolUse: [pythonHook(dir, respond, { timeout: 2, name: "slow", onError: "block" })] },
      { dir },
    );
    expect((await runner.preToolUse(bash("ok"))).kind).toBe("allow");
    const hung = await runner.preToolUse(bash("hang"));
    expect(hung).toMatchObject({ kind: "block", reason: "slow failed: timed out after 2s" });
    expect(hung.trace[0]?.outcome).toBe("timed out");
    expect((await runner.preToolUse(bash("ok"))).kind).toBe("allow");
    const pids = starts(dir);
    expect(pids).toHaveLength(2);
    await waitFor(() => !isRunning(pids[0] as number), 10_000, "the timed-out process to be stopped");
  });

  it("a crash fails that call under onError and restarts the process once; a second crash in a row gives up", async () => {
    const dir = tempDir();
    // Exits (crashes) on "crash", answers otherwise.
    const respond = '{"id": event["id"]} if event["args"]["command"] != "crash" else sys.exit(3)';
    const { runner } = runnerFor(
      { PreToolUse: [pythonHook(dir, respond, { name: "guard", onError: "block" })] },
      { dir },
    );
    expect((await runner.preToolUse(bash("ok"))).kind).toBe("allow");
    expect(await runner.preToolUse(bash("crash"))).toMatchObject({
      kind: "block",
      reason: "guard failed: persistent hook exited with code 3",
    });
    // Restarted: answers again (and an answer resets the count).
    expect((await runner.preToolUse(bash("ok"))).kind).toBe("allow");
    expect(starts(dir)).toHaveLength(2);
    await runner.preToolUse(bash("crash"));
    // The restarted process dies too, before answering anything: no third start.
    expect(await runner.preToolUse(bash("crash"))).toMatchObject({
      kind: "block",
      reason: "guard failed: persistent hook exited with code 3",
    });
    expect(await runner.preToolUse(bash("ok"))).toMatchObject({
      kind: "block",
      reason:
        "guard failed: persistent hook exited with code 3 (it also died after a restart; not restarted again)",
    });
    expect(starts(dir)).toHaveLength(3);
  });

  it("works in a Claude Code group, and is part of the hook's fingerprint", async () => {
    const dir = tempDir();
    const entry = pythonHook(
      dir,
      '{"id": event["id"], "hookSpecificOutput": {"permissionDecision": "deny"}}',
    );
    const { runner } = runnerFor({ PreToolUse: [{ matcher: "Bash", hooks: [entry] }] }, { dir });
    expect((await runner.preToolUse(bash("x"))).kind).toBe("block");
    expect((await runner.preToolUse(bash("y"))).kind).toBe("block");
    expect(starts(dir)).toHaveLength(1);

    const { persistent: _, ...plain } = entry;
    const fingerprints = [entry, plain].map(
      (e) => loadHooks([layer({ hooks: { PreToolUse: [e] } })]).hooks[0]?.fingerprint,
    );
    expect(fingerprints[0]).not.toBe(fingerprints[1]);
  });
});
