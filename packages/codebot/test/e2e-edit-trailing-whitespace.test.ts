/**
 * claude 2.1.328 cuts trailing spaces and tabs from each line of an Edit's new_string, except in
 * Markdown, before its PreToolUse hooks see the call (recorded with rjspence3/claude-hooks, whose
 * auto-commit and formatter hooks read tool_input). codebot does the same, for the hooks and the file.
 */
import fs from "node:fs";
import path from "node:path";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, scratchDir, startSession } from "./support/e2e.js";

async function editBoth() {
  const dirs = { project: scratchDir("codebot-project-"), home: scratchDir("codebot-home-") };
  fs.writeFileSync(path.join(dirs.project, "app.py"), "def main():\n    pass\n");
  fs.writeFileSync(path.join(dirs.project, "notes.md"), "- one\n");
  const s = await startSession({
    dirs,
    user: { hooks: { PreToolUse: [{ hooks: [command("jq -c .tool_input >> inputs.jsonl")] }] } },
    script: [
      reply.toolCalls(
        toolCall(
          "edit",
          { file_path: "app.py", old_string: "    pass", new_string: "    x = 1  \n    return x\t" },
          "e1",
        ),
        toolCall(
          "edit",
          { file_path: "notes.md", old_string: "- one", new_string: "- one  \n- two  " },
          "e2",
        ),
      ),
      reply.text("done"),
    ],
  });
  await s.runtime.prompt("go");
  await s.runtime.close();
  return s;
}

describe("Edit's new_string as claude 2.1.328 applies it", () => {
  it("trailing spaces and tabs are cut from each line of a code file's new_string, for the hooks and the file", async () => {
    const s = await editBoth();
    const py = s.jsonLines("inputs.jsonl").find((i) => String(i.file_path).endsWith("app.py"));
    expect(py?.new_string).toBe("    x = 1\n    return x");
    expect(fs.readFileSync(s.at("app.py"), "utf8")).toBe("def main():\n    x = 1\n    return x\n");
  });

  it("a Markdown file's new_string keeps its trailing spaces (a hard line break)", async () => {
    const s = await editBoth();
    const md = s.jsonLines("inputs.jsonl").find((i) => String(i.file_path).endsWith("notes.md"));
    expect(md?.new_string).toBe("- one  \n- two  ");
    expect(fs.readFileSync(s.at("notes.md"), "utf8")).toBe("- one  \n- two  \n");
  });
});
