import fs from "node:fs";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { startSession, toolResultFor } from "./support/e2e.js";

/**
 * A PostToolUse hook that rewrites the file a write or edit just wrote (a formatter, a spelling
 * fixer such as britfix): the model is told, as claude 2.1.328 tells it, so its next edit does not
 * look for text the hook changed.
 */
function postToolUse(script: string): Record<string, unknown> {
  return {
    hooks: {
      PostToolUse: [{ matcher: "Write|Edit", hooks: [{ type: "command", command: `node -e '${script}'` }] }],
    },
  };
}

/** Reads the payload and upper-cases the file it names, as a formatter rewrites in place. */
const upperCasing = postToolUse(
  `const fs=require("fs");let s="";process.stdin.on("data",c=>s+=c).on("end",()=>{` +
    `const f=JSON.parse(s).tool_input.file_path;fs.writeFileSync(f,fs.readFileSync(f,"utf8").toUpperCase())})`,
);

/** Reads the payload and leaves the file alone. */
const onlyReading = postToolUse(`process.stdin.resume()`);

const NOTE = /PostToolUse hook modified (\S+) after your edit \(likely a formatter\)/;

describe("a PostToolUse hook that changes the file just written", () => {
  it("after a write, the model is told which file the hook modified", async () => {
    const s = await startSession({
      user: upperCasing,
      script: [
        reply.toolCalls(toolCall("write", { file_path: "notes.md", content: "the color\n" }, "c1")),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    expect(fs.readFileSync(s.at("notes.md"), "utf8")).toBe("THE COLOR\n");
    const result = toolResultFor(s.model, "c1");
    expect(result?.isError).toBe(false);
    expect(result?.text.match(NOTE)?.[1]).toBe(s.at("notes.md"));
  });

  it("after an edit, the model is told too", async () => {
    const s = await startSession({
      user: upperCasing,
      script: [
        reply.toolCalls(toolCall("edit", { file_path: "code.py", old_string: "a", new_string: "b" }, "c1")),
        reply.text("done"),
      ],
    });
    fs.writeFileSync(s.at("code.py"), "x = a\n");
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "c1")?.text).toMatch(NOTE);
  });

  it("a hook that leaves the file as written adds nothing to the result", async () => {
    const s = await startSession({
      user: onlyReading,
      script: [
        reply.toolCalls(toolCall("write", { file_path: "notes.md", content: "the color\n" }, "c1")),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "c1")).toEqual({ text: "created notes.md (10 bytes)", isError: false });
  });
});
