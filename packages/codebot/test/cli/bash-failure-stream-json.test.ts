import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { printRun } from "./support/cli-fixtures.js";
import { jsonLines, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

describe("a bash call that exits non-zero, in stream-json", () => {
  it("its tool_use_result is claude 2.1.328's `Error: Exit code N` and the output; the model keeps codebot's text", async () => {
    const { server, r } = await printRun(
      "go",
      [reply.toolCall("bash", { command: "echo out; exit 3" }, "c1"), reply.text("done")],
      { flags: ["--output-format", "stream-json", "--verbose", "--permission-mode", "bypassPermissions"] },
    );
    expect(r.code).toBe(0);
    const line = jsonLines(r.stdout).find((l) => l.type === "user" && l.tool_use_result !== undefined);
    expect(line?.tool_use_result).toBe("Error: Exit code 3\nout");
    expect(JSON.stringify(server.requests[1]?.body)).toContain("out\\n[exit code 3]");
  });
});
