/**
 * Claude Code's tool names for the tools codebot has (issue 14 item 6): `LS` in a group's matcher
 * fires on ls, and the payload names it as Claude Code does; there is no MultiEdit, as in Claude
 * Code 2.1; the static tool list `hooks validate` judges matchers against is the list a session
 * really has.
 */
import fs from "node:fs";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { BUILTIN_TOOL_NAMES } from "../../src/tools/builtin-tool-names.js";
import { command, startSession } from "../support/e2e.js";

describe("Claude Code tool names", () => {
  it("an LS matcher fires on ls, with tool_name as Claude Code writes it", async () => {
    const log = `jq -c '{t: .tool_name, p: .tool_input.path}' >> pre.jsonl`;
    const s = await startSession({
      user: { hooks: { PreToolUse: [{ matcher: "LS", hooks: [command(log)] }] } },
      script: [
        reply.toolCalls(toolCall("ls", {}, "l1"), toolCall("read", { file_path: "a.txt" }, "r1")),
        reply.text("done"),
      ],
    });
    fs.writeFileSync(s.at("a.txt"), "a\n");
    await s.runtime.prompt("go");
    expect(s.jsonLines("pre.jsonl")).toEqual([{ t: "LS", p: null }]);
  });

  it("there is no multi_edit, as there is no MultiEdit in Claude Code 2.1: a guard that checks tool_name for Edit and Write sees every edit", async () => {
    // The check of a published guard (protect-secrets): it judges only the tool names it knows.
    const guard = `p=$(cat); echo "$p" | jq -e '.tool_name as $t | ["Read","Edit","Write"] | index($t)' >/dev/null || exit 0; echo "$p" | jq -r .tool_input.file_path | grep -q '\\.env$' && { echo 'no .env' >&2; exit 2; }; exit 0`;
    const s = await startSession({
      user: { hooks: { PreToolUse: [{ matcher: "Read|Edit|Write", hooks: [command(guard)] }] } },
      script: [
        reply.toolCalls(
          toolCall(
            "multi_edit",
            { file_path: ".env", edits: [{ old_string: "A=1", new_string: "A=2" }] },
            "m1",
          ),
          toolCall("edit", { file_path: ".env", old_string: "A=1", new_string: "A=2" }, "e1"),
        ),
        reply.text("done"),
      ],
    });
    fs.writeFileSync(s.at(".env"), "A=1\n");
    await s.runtime.prompt("go");
    expect(fs.readFileSync(s.at(".env"), "utf8")).toBe("A=1\n");
    expect(s.model.requests[0]?.tools?.map((t) => t.name)).not.toContain("multi_edit");
  });

  it("BUILTIN_TOOL_NAMES is exactly the built-in tool list of a session with someone to ask", async () => {
    // With nobody to approve a plan, the plan tools are left out (plan-mode-tools-print.test.ts).
    const s = await startSession({
      script: [reply.text("hi")],
      runtime: { askToolApproval: async () => "deny" },
    });
    await s.runtime.prompt("hi");
    expect(s.model.requests[0]?.tools?.map((t) => t.name)).toEqual(BUILTIN_TOOL_NAMES);
  });
});
