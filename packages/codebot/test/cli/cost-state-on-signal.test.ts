/**
 * A session ended by a signal writes its cost-state line first, with the time idle after the last
 * prompt, as claude 2.1.328 did (recorded: Ctrl+C and SIGTERM after a turn and 15 s idle wrote it,
 * `totalDuration` counting them).
 */
import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { useBuiltCli } from "./support/cli-process.js";
import { sdkSession } from "./support/sdk-session.js";

useBuiltCli();

const IDLE_MS = 300;

describe("the cost-state line of a session ended by a signal", () => {
  it.each(["SIGTERM", "SIGINT"] as const)(
    "%s after an idle while: written with the idle time",
    async (signal) => {
      const { box, run } = await sdkSession([reply.text("one")]);
      run.say("first");
      const id = String((await run.result(1)).session_id);
      const [name] = fs
        .readdirSync(path.join(box.home, "projects"), { recursive: true, encoding: "utf8" })
        .filter((entry) => entry.endsWith(`${id}.jsonl`));
      const file = path.join(box.home, "projects", name as string);
      const costLines = () =>
        fs
          .readFileSync(file, "utf8")
          .split("\n")
          .filter((l) => l.includes('"cost-state"'))
          .map((l) => JSON.parse(l) as { totalDuration: number });
      const afterPrompt = costLines();
      expect(afterPrompt).toHaveLength(1);
      await sleep(IDLE_MS);
      run.cli.child.kill(signal);
      await run.cli.done;
      const lines = costLines();
      expect(lines).toHaveLength(2);
      expect(lines[1]?.totalDuration).toBeGreaterThanOrEqual((afterPrompt[0]?.totalDuration ?? 0) + IDLE_MS);
    },
  );
});
