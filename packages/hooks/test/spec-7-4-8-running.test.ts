/** HOOKS.md §7.4 (async limits), §7.5 (errors once per hook) and §8 (approval inside the timeout). */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { logOverlap, runnerFor } from "./support.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("§7.4 async events", () => {
  it("by default at most 8 async hook processes run at once; the rest queue and all complete", async () => {
    const { runner, dir } = runnerFor({
      Notification: [{ type: "command", command: "echo s >> log; sleep 1; echo e >> log" }],
    });
    for (let i = 0; i < 12; i++) runner.notification({ message: `m${i}` });
    await runner.close();
    const { peak, starts, ends } = logOverlap(readFileSync(join(dir, "log"), "utf8"));
    expect(starts).toBe(12);
    expect(ends).toBe(12);
    expect(peak).toBeLessThanOrEqual(8);
    expect(peak).toBeGreaterThan(1);
  });
});

describe("§7.5 errors are visible once per hook", () => {
  it("an async hook failing on every firing is reported once, with its name and why", async () => {
    const { runner, errors, traces } = runnerFor({
      PostToolUse: [{ type: "command", name: "audit", command: "echo 'disk full' >&2; exit 1" }],
    });
    for (let i = 0; i < 3; i++) {
      runner.postToolUse({ tool: "bash", toolUseId: `t${i}`, args: {}, output: "", isError: false });
    }
    await runner.close();
    expect(errors).toEqual(["hook audit: exit code 1: disk full"]);
    expect(traces.filter((t) => t.outcome === "failed")).toHaveLength(3);
  });
});

describe("§8 the approval wait is part of the hook's timeout", () => {
  it("a hook approved late gets only what is left of its timeout, and its time-out names the timeout it has", async () => {
    const { runner, dir, traces } = runnerFor(
      {
        PreToolUse: [{ type: "command", name: "slow", timeout: 3, command: "sleep 2; touch finished" }],
      },
      {
        approveHook: async () => {
          await sleep(2_000);
          return { approved: true };
        },
      },
    );
    const decision = await runner.preToolUse({ tool: "bash", toolUseId: "t", args: {} });
    expect(decision.kind).toBe("allow");
    expect(traces[0]).toMatchObject({ approval: "approved", outcome: "timed out" });
    // Not "after 1s" (what was left once approved) nor "after 0.99s": the limit the entry sets.
    expect(traces[0]?.error).toBe("timed out after 3s");
    expect(existsSync(join(dir, "finished"))).toBe(false);
    // The recorded duration covers approval and run together: the 3 s limit plus kill latency.
    expect(traces[0]?.durationMs).toBeGreaterThanOrEqual(2_000);
    expect(traces[0]?.durationMs).toBeLessThan(3_000 + 3_000);
  });
});
