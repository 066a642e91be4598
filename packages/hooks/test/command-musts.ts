/**
 * HOOKS.md §6.1 (command executor) through the runner, with real processes, on one of the four
 * paths a command can start by: the compiled process host (the default), a shell started ahead
 * on it (a warm start, spawn/warm-starts.ts), the Python host (where no C compiler was), and
 * Node's own spawn (where no host can run). Each spec-6-1-command*.test.ts
 * file runs these on one path; a file is a fresh module graph, so each starts its own host.
 */
import { chmodSync, readFileSync, readlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createCommandExecutor, warmStarts } from "../src/index.js";
import { builtHost } from "../src/spawn/host-program.js";
import { bashTool, callTool, isRunning, q, runnerFor, waitFor } from "./support.js";

const TEN_MIB = "x".repeat(10 * 1024 * 1024);

export type SpawnPath = "compiled host" | "warm standby" | "Python host" | "Node's spawn";

/** CODEBOT_PROCESS_HOST for each path. */
const SETTING: Record<SpawnPath, string | undefined> = {
  "compiled host": undefined,
  "warm standby": undefined,
  "Python host": "python",
  "Node's spawn": "off",
};

/** The program a hook's parent runs on each path. */
function expectedParent(path: SpawnPath): string | RegExp {
  if (path === "Node's spawn") return process.execPath;
  // Without a C compiler the build makes no compiled host, and the Python one is the default.
  return path === "Python host" ? /python3/ : (builtHost() ?? /python3/);
}

export function commandHookMusts(path: SpawnPath): void {
  beforeAll(() => {
    const setting = SETTING[path];
    if (setting !== undefined) vi.stubEnv("CODEBOT_PROCESS_HOST", setting);
    // Every hook then runs in a standby: started first, given its payload once it waits.
    const warm = warmStarts();
    if (warm) warm.alwaysStandby = path === "warm standby";
  });
  afterAll(() => {
    const warm = warmStarts();
    if (warm) warm.alwaysStandby = false;
    vi.unstubAllEnvs();
  });

  it(`hooks start on the ${path}`, async () => {
    const { runner, dir } = runnerFor({
      PreToolUse: [{ type: "command", command: `echo $PPID > ${q("parent")}` }],
    });
    await runner.preToolUse({ tool: "bash", toolUseId: "t", args: {} });
    const parent = Number(readFileSync(join(dir, "parent"), "utf8"));
    const expected = expectedParent(path);
    if (typeof expected === "string") expect(readlinkSync(`/proc/${parent}/exe`)).toBe(expected);
    else expect(readlinkSync(`/proc/${parent}/exe`)).toMatch(expected);
  });

  describe(`§6.1 command hooks (${path})`, () => {
    it("a blocking hook that exits 2 at once, never reading a 10 MiB payload, blocks with its stderr", async () => {
      const { runner } = runnerFor({
        PreToolUse: [{ type: "command", blocking: true, command: "echo 'too big' >&2; exit 2" }],
      });
      const { result, executed } = await callTool(runner, bashTool, { command: TEN_MIB });
      expect(result).toEqual({ content: "hook: too big", isError: true });
      expect(executed).toEqual([]);
    });

    it("a hook that closes stdin unread and exits 0 allows, and the next call still runs hooks", async () => {
      const { runner, dir, traces } = runnerFor({
        PreToolUse: [{ type: "command", blocking: true, command: "exec 0<&-; echo seen >> calls; exit 0" }],
      });
      const first = await callTool(runner, bashTool, { command: TEN_MIB });
      const second = await callTool(runner, bashTool, { command: "ls" });
      expect(first.result.isError).toBe(false);
      expect(second.result.content).toBe("ran: ls");
      expect(readFileSync(join(dir, "calls"), "utf8")).toBe("seen\nseen\n");
      expect(traces.map((t) => t.outcome)).toEqual(["allowed", "allowed"]);
    });

    it("on timeout, a hook and its grandchild that ignore SIGTERM are killed (SIGKILL after the grace)", async () => {
      const { runner, dir, traces } = runnerFor({
        PreToolUse: [
          {
            type: "command",
            timeout: 0.5,
            // An ignored signal stays ignored in children, so the background sleep ignores SIGTERM too.
            command: `trap '' TERM; sleep 60 & echo $$ $! > ${q("pids")}; sleep 60`,
          },
        ],
      });
      const started = performance.now();
      const decision = await runner.preToolUse({ tool: "bash", toolUseId: "t", args: {} });
      expect(performance.now() - started).toBeLessThan(500 + 5_000);
      expect(decision.kind).toBe("allow");
      expect(traces[0]).toMatchObject({ outcome: "timed out", error: "timed out after 0.5s" });
      const pids = readFileSync(join(dir, "pids"), "utf8").trim().split(" ").map(Number);
      expect(pids).toHaveLength(2);
      await waitFor(
        () => pids.every((pid) => !isRunning(pid)),
        15_000,
        "SIGTERM-immune hook processes to die",
      );
    });

    it("stderr beyond 1 MiB is discarded and the trace says stderr was cut", async () => {
      const { runner, traces } = runnerFor({
        PreToolUse: [{ type: "command", command: "head -c 3145728 /dev/zero | tr '\\0' e >&2; echo ok" }],
      });
      const decision = await runner.preToolUse({ tool: "bash", toolUseId: "t", args: {} });
      expect(decision.kind).toBe("allow");
      expect(traces[0]).toMatchObject({ outcome: "allowed", exitCode: 0, truncated: ["stderr"] });
    });

    it("a hook whose interpreter is missing is a failed run, never a success", async () => {
      const { runner, dir, traces } = runnerFor({
        PreToolUse: [
          {
            type: "command",
            name: "guard",
            blocking: true,
            onError: "block",
            command: "./guard.sh",
          },
        ],
      });
      writeFileSync(join(dir, "guard.sh"), "#!/nonexistent/interpreter\nexit 0\n");
      chmodSync(join(dir, "guard.sh"), 0o755);
      const decision = await runner.preToolUse({ tool: "bash", toolUseId: "t", args: {} });
      expect(decision).toMatchObject({
        kind: "block",
        reason: expect.stringMatching(/^guard failed: exit code 12[67]: /),
      });
      expect(traces[0]).toMatchObject({ outcome: "failed" });
    });

    it("a hook killed by SIGTERM from outside is a failed run, not an allow", async () => {
      const { runner, dir, traces } = runnerFor({
        PreToolUse: [
          {
            type: "command",
            name: "victim",
            blocking: true,
            onError: "block",
            command: `echo '{}'; echo $$ > ${q("pid.tmp")}; mv pid.tmp pid; while :; do sleep 0.05; done`,
          },
        ],
      });
      const pending = runner.preToolUse({ tool: "bash", toolUseId: "t", args: {} });
      let pid = 0;
      await waitFor(() => {
        try {
          pid = Number(readFileSync(join(dir, "pid"), "utf8"));
          return pid > 0;
        } catch {
          return false;
        }
      });
      process.kill(pid, "SIGTERM");
      const decision = await pending;
      expect(decision).toMatchObject({ kind: "block", reason: "victim failed: killed by signal SIGTERM" });
      expect(traces[0]).toMatchObject({ outcome: "failed", exitCode: null });
      try {
        process.kill(-pid, "SIGKILL");
      } catch {
        // The group is already gone.
      }
    });
  });

  describe(`§6.1/§7.1 a hook that exited before its timeout (${path})`, () => {
    it("is judged by its own exit, not as timed out, while a background child still holds stderr", async () => {
      // A long drain window makes the deadline fall after the exit but before the pipes close.
      const { runner, traces } = runnerFor(
        {
          PreToolUse: [
            {
              type: "command",
              blocking: true,
              timeout: 1,
              command: "sleep 30 & echo 'not allowed' >&2; exit 2",
            },
          ],
        },
        { executors: { command: createCommandExecutor({ drainMs: 2_000 }) } },
      );
      const decision = await runner.preToolUse({ tool: "bash", toolUseId: "t", args: {} });
      expect(traces[0]).toMatchObject({ exitCode: 2, outcome: "blocked" });
      expect(decision).toMatchObject({ kind: "block", reason: "not allowed" });
    });
  });
}
