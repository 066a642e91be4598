/**
 * A session ended by a signal writes its cost-state line first, with the time idle after the last
 * prompt, as claude 2.1.328 did (recorded: Ctrl+C and SIGTERM after a turn and 15 s idle wrote it,
 * `totalDuration` counting them). A signal mid-turn leaves one line for that turn, not two.
 */
import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { waitFor } from "../support/wait-for.js";
import { useBuiltCli } from "./support/cli-process.js";
import { sdkSession } from "./support/sdk-session.js";

useBuiltCli();

const IDLE_MS = 300;

/** The cost-state lines of session `id`'s transcript under `home`. */
function costLines(home: string, id: string): { totalCostUSD: number; totalDuration: number }[] {
  const [name] = fs
    .readdirSync(path.join(home, "projects"), { recursive: true, encoding: "utf8" })
    .filter((entry) => entry.endsWith(`${id}.jsonl`));
  return fs
    .readFileSync(path.join(home, "projects", name as string), "utf8")
    .split("\n")
    .filter((l) => l.includes('"cost-state"'))
    .map((l) => JSON.parse(l));
}

describe("the cost-state line of a session ended by a signal", () => {
  it.each(["SIGTERM", "SIGINT"] as const)(
    "%s after an idle while: written with the idle time",
    async (signal) => {
      const { box, run } = await sdkSession([reply.text("one")]);
      run.say("first");
      const id = String((await run.result(1)).session_id);
      const afterPrompt = costLines(box.home, id);
      expect(afterPrompt).toHaveLength(1);
      await sleep(IDLE_MS);
      run.cli.child.kill(signal);
      await run.cli.done;
      const lines = costLines(box.home, id);
      expect(lines).toHaveLength(2);
      expect(lines[1]?.totalDuration).toBeGreaterThanOrEqual((afterPrompt[0]?.totalDuration ?? 0) + IDLE_MS);
    },
  );

  it("SIGTERM mid-turn (a bash call running): one line for the cut turn, with both model calls' cost", async () => {
    const { box, run, server } = await sdkSession(
      [reply.text("one"), reply.toolCall("bash", { command: "sleep 60" })],
      { args: ["--permission-mode", "bypassPermissions"] },
    );
    run.say("first");
    const id = String((await run.result(1)).session_id);
    const [afterFirst] = costLines(box.home, id);
    run.say("second");
    await waitFor(() => server.requests.length === 2, 30_000, "the bash call");
    await waitFor(() => run.lines().some((l) => l.type === "assistant"), 30_000, "the bash call's line");
    run.cli.child.kill("SIGTERM");
    await run.cli.done;
    const lines = costLines(box.home, id);
    expect(lines).toHaveLength(2);
    expect(lines[1]?.totalCostUSD).toBeCloseTo(2 * (afterFirst?.totalCostUSD ?? 0), 9);
  });
});
