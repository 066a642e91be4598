/**
 * Claude Code's tool names for the tools codebot has (issue 14 item 6): `MultiEdit` and `LS` in a
 * group's matcher fire on multi_edit and ls, and the payload names them as Claude Code does; the
 * static tool list `hooks validate` judges matchers against is the list a session really has.
 */
import fs from "node:fs";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { BUILTIN_TOOL_NAMES } from "../../src/tools/builtin-tool-names.js";
import { command, startSession } from "../support/e2e.js";

describe("Claude Code tool names", () => {
  it("MultiEdit and LS matchers fire on multi_edit and ls, with tool_name as Claude Code writes it", async () => {
    const log = `jq -c '{t: .tool_name, f: .tool_input.file_path, p: .tool_input.path}' >> pre.jsonl`;
    const s = await startSession({
      user: { hooks: { PreToolUse: [{ matcher: "MultiEdit|LS", hooks: [command(log)] }] } },
      script: [
        reply.toolCalls(
          toolCall("multi_edit", { file_path: "a.txt", edits: [{ old_string: "a", new_string: "b" }] }, "m1"),
          toolCall("ls", {}, "l1"),
          toolCall("read", { file_path: "a.txt" }, "r1"),
        ),
        reply.text("done"),
      ],
    });
    fs.writeFileSync(s.at("a.txt"), "a\n");
    await s.runtime.prompt("go");
    expect(s.jsonLines("pre.jsonl")).toEqual([
      { t: "MultiEdit", f: s.at("a.txt"), p: null },
      { t: "LS", f: null, p: null },
    ]);
    expect(fs.readFileSync(s.at("a.txt"), "utf8")).toBe("b\n");
  });

  it("BUILTIN_TOOL_NAMES is exactly the session's built-in tool list", async () => {
    const s = await startSession({ script: [reply.text("hi")] });
    await s.runtime.prompt("hi");
    expect(s.model.requests[0]?.tools?.map((t) => t.name)).toEqual(BUILTIN_TOOL_NAMES);
  });
});
