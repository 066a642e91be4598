/**
 * A bash call Ctrl+C cut off: PostToolUseFailure's Claude Code groups are skipped (`stopped run`),
 * as claude 2.1.328 starts no PostToolUseFailure hook for an interrupted call (recorded: Esc and
 * Ctrl+C in its terminal, the SDK's interrupt, SIGINT in -p); a native entry still observes it.
 */
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { waitFor } from "../support/wait-for.js";
import { command, sandbox, startPrintRun } from "./support/cli-fixtures.js";
import { jsonLines, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

describe("PostToolUseFailure for a bash call Ctrl+C cut off", () => {
  it("the group's hook does not run (its trace record: skipped, stopped run); the native entry's does, is_error", async () => {
    const box = sandbox();
    const trace = box.at("trace.jsonl");
    const { cli } = await startPrintRun(
      "go",
      [reply.toolCall("bash", { command: `touch ${box.at("call-started")}; sleep 30` }), reply.text("never")],
      {
        box,
        flags: ["--dangerously-skip-permissions", "--trace-file", trace],
        settings: {
          hooks: {
            PostToolUseFailure: [
              command(`cat > ${box.at("native.json")}`, { name: "native-observer" }),
              {
                matcher: "Bash",
                hooks: [command(`cat > ${box.at("group.json")}`, { name: "group-observer" })],
              },
            ],
          },
        },
      },
    );
    await waitFor(() => fs.existsSync(box.at("call-started")), 30_000, `the call to start (${cli.stderr()})`);
    cli.child.kill("SIGINT");
    await cli.done;
    expect(fs.existsSync(box.at("group.json"))).toBe(false);
    expect(JSON.parse(fs.readFileSync(box.at("native.json"), "utf8"))).toMatchObject({
      tool: "bash",
      is_error: true,
    });
    expect(jsonLines(fs.readFileSync(trace, "utf8")).find((r) => r.hook === "group-observer")).toMatchObject({
      matched: false,
      skipped: "stopped run",
    });
  });
});
