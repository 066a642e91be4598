import fs from "node:fs";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { startSession, toolResultFor } from "./support/e2e.js";

/**
 * Claude Code's PostToolUse `updatedToolOutput`: a hook gives the tool's result in the tool's own
 * shape (what it was given as `tool_response`) and the model reads that instead — a redaction
 * hook's way to keep a secret from the model. Shapes as claude 2.1.328 checks them.
 */
function postToolUse(script: string): Record<string, unknown> {
  return {
    hooks: { PostToolUse: [{ matcher: "*", hooks: [{ type: "command", command: `node -e '${script}'` }] }] },
  };
}

/** A hook script reading its payload from stdin and printing `updatedToolOutput: <expr>` (expr over `r`, the tool_response). */
function replacing(expr: string): Record<string, unknown> {
  return postToolUse(
    `let s="";process.stdin.on("data",c=>s+=c).on("end",()=>{const d=JSON.parse(s);const r=d.tool_response;` +
      `console.log(JSON.stringify({hookSpecificOutput:{hookEventName:"PostToolUse",updatedToolOutput:${expr}}}))})`,
  );
}

describe("PostToolUse updatedToolOutput (Claude Code groups)", () => {
  it("a hook's Bash-shaped replacement is what the model reads of a bash call", async () => {
    const s = await startSession({
      user: replacing(`{...r,stdout:r.stdout.replace(/abc123/g,"[REDACTED]")}`),
      script: [reply.toolCalls(toolCall("bash", { command: "echo token=abc123" }, "c1")), reply.text("done")],
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "c1")).toEqual({ text: "token=[REDACTED]", isError: false });
  });

  it("stdout and stderr of the replacement are read one after the other, as claude does", async () => {
    const s = await startSession({
      user: replacing(`{stdout:"A",stderr:"B",interrupted:false}`),
      script: [reply.toolCalls(toolCall("bash", { command: "echo x" }, "c1")), reply.text("done")],
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "c1")).toEqual({ text: "A\nB", isError: false });
  });

  it("the read tool gives Claude Code's Read shape, and a replaced file.content is read numbered", async () => {
    const s = await startSession({
      user: replacing(`{...r,file:{...r.file,content:r.file.content.replace(/abc123/g,"[REDACTED]")}}`),
      script: [
        reply.toolCalls(toolCall("read", { file_path: "notes.txt", offset: 2 }, "c1")),
        reply.text("done"),
      ],
    });
    fs.writeFileSync(s.at("notes.txt"), "title\nsecret=abc123\nend\n");
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "c1")).toEqual({
      text: "     2\tsecret=[REDACTED]\n     3\tend",
      isError: false,
    });
  });

  it("a replacement not in the tool's shape is ignored with a warning, and the model reads the real result", async () => {
    const s = await startSession({
      user: replacing(`"a plain string"`),
      script: [reply.toolCalls(toolCall("bash", { command: "echo real" }, "c1")), reply.text("done")],
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "c1")).toEqual({ text: "real", isError: false });
    expect(s.notices.join("\n")).toMatch(/its updatedToolOutput is not in the shape of bash's result/);
  });

  it("a Bash shape without interrupted is not Bash's result shape (claude ignores it too)", async () => {
    const s = await startSession({
      user: replacing(`{stdout:"ONLY",stderr:""}`),
      script: [reply.toolCalls(toolCall("bash", { command: "echo real" }, "c1")), reply.text("done")],
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "c1")).toEqual({ text: "real", isError: false });
  });

  it("a tool whose result no hook may replace keeps it, and the hook is told why", async () => {
    const s = await startSession({
      user: replacing(`{...r,output:"changed"}`),
      script: [
        reply.toolCalls(toolCall("write", { file_path: "a.txt", content: "x" }, "c1")),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "c1")?.text).not.toBe("changed");
    expect(s.notices.join("\n")).toMatch(/its updatedToolOutput cannot replace write's result/);
  });
});
