import fs from "node:fs";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, startSession, toolResultFor } from "./support/e2e.js";
import { waitFor } from "./support/wait-for.js";

const guard = command("echo 'rm -rf is forbidden here' >&2; exit 2", {
  matcher: "bash",
  if: "/rm -rf/",
  blocking: true,
});

describe("PreToolUse and PostToolUse through the runtime", () => {
  it("a blocking guard stops rm -rf, the model gets the reason, and other commands run", async () => {
    const s = await startSession({
      user: { hooks: { PreToolUse: [guard] } },
      script: [
        reply.toolCalls(toolCall("bash", { command: "rm -rf victim" }, "c-rm")),
        reply.toolCalls(toolCall("bash", { command: "echo ok > ran.txt" }, "c-echo")),
        reply.text("done"),
      ],
    });
    fs.mkdirSync(s.at("victim"));
    fs.writeFileSync(s.at("victim/keep.txt"), "x");
    const result = await s.runtime.prompt("clean up");
    expect(result.status).toBe("completed");
    expect(fs.existsSync(s.at("victim/keep.txt"))).toBe(true);
    expect(toolResultFor(s.model, "c-rm")).toEqual({ text: "hook: rm -rf is forbidden here", isError: true });
    expect(fs.readFileSync(s.at("ran.txt"), "utf8")).toBe("ok\n");
    expect(toolResultFor(s.model, "c-echo")).toEqual({ text: "(no output)", isError: false });
  });

  it("the same guard stops a sub-agent's rm -rf", async () => {
    const s = await startSession({
      user: { hooks: { PreToolUse: [guard] } },
      script: [
        reply.toolCalls(toolCall("agent", { name: "cleaner", prompt: "delete victim" }, "c-agent")),
        reply.toolCalls(toolCall("bash", { command: "rm -rf victim" }, "c-sub-rm")),
        reply.text("could not delete it"),
        reply.text("the sub-agent was stopped"),
      ],
    });
    fs.mkdirSync(s.at("victim"));
    const result = await s.runtime.prompt("delegate");
    expect(result).toMatchObject({ status: "completed", text: "the sub-agent was stopped" });
    expect(fs.existsSync(s.at("victim"))).toBe(true);
    expect(toolResultFor(s.model, "c-sub-rm")).toEqual({
      text: "hook: rm -rf is forbidden here",
      isError: true,
    });
    expect(toolResultFor(s.model, "c-agent")).toEqual({ text: "could not delete it", isError: false });
  });

  it("a rewrite hook changes what bash runs, and PostToolUse gets the arguments run, the output and is_error", async () => {
    const rewrite = command(
      `echo '{"updated_input":{"command":"echo rewritten > out.txt; echo hello; exit 3"}}'`,
      { matcher: "bash", if: "/original/" },
    );
    const s = await startSession({
      user: {
        hooks: {
          PreToolUse: [rewrite],
          PostToolUse: [command("cat >> post.jsonl; echo >> post.jsonl", { matcher: "bash" })],
        },
      },
      script: [
        reply.toolCalls(toolCall("bash", { command: "echo original > out.txt" }, "c1")),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    expect(fs.readFileSync(s.at("out.txt"), "utf8")).toBe("rewritten\n");
    expect(toolResultFor(s.model, "c1")).toEqual({ text: "hello\n[exit code 3]", isError: true });
    const [post] = await waitFor(() =>
      s.jsonLines("post.jsonl").length === 1 ? s.jsonLines("post.jsonl") : undefined,
    );
    expect(post).toMatchObject({
      event: "PostToolUse",
      tool: "bash",
      tool_use_id: "c1",
      args: { command: "echo rewritten > out.txt; echo hello; exit 3" },
      output: "hello\n[exit code 3]",
      is_error: true,
      session_id: s.runtime.sessionId,
      cwd: s.project,
      transcript_path: s.runtime.transcriptPath,
    });
  });

  it("PostToolUse and rewrites apply to a sub-agent's calls too", async () => {
    const rewrite = command(`echo '{"updated_input":{"command":"echo from-hook"}}'`, {
      matcher: "bash",
      if: "/original/",
    });
    const s = await startSession({
      user: {
        hooks: { PreToolUse: [rewrite], PostToolUse: [command("cat >> post.jsonl; echo >> post.jsonl")] },
      },
      script: [
        reply.toolCalls(toolCall("agent", { name: "worker", prompt: "run it" }, "c-agent")),
        reply.toolCalls(toolCall("bash", { command: "echo original" }, "c-sub")),
        reply.text("sub done"),
        reply.text("main done"),
      ],
    });
    await s.runtime.prompt("go");
    await s.runtime.close();
    // Both async hooks may start together (the sub-agent's waits until no tool call runs), so
    // their appends can land in either order: sort by tool name.
    const posts = s.jsonLines("post.jsonl").sort((a, b) => String(b.tool).localeCompare(String(a.tool)));
    expect(posts.map((p) => [p.tool, p.tool_use_id, p.agent])).toEqual([
      ["bash", "c-sub", "worker"],
      ["agent", "c-agent", "main"],
    ]);
    expect(posts[0]).toMatchObject({
      args: { command: "echo from-hook" },
      output: "from-hook",
      is_error: false,
    });
    expect(posts[1]).toMatchObject({
      args: { name: "worker", prompt: "run it" },
      output: "sub done",
      is_error: false,
    });
  });

  it("an auto-approver with if: Bash(echo:*) lets echo run unasked, but not a line that only starts with echo", async () => {
    const approve = `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'`;
    const s = await startSession({
      user: {
        hooks: {
          PreToolUse: [
            { matcher: "Bash", hooks: [{ type: "command", command: approve, if: "Bash(echo:*)" }] },
          ],
        },
      },
      runtime: { permissionMode: "ask" },
      script: [
        reply.toolCalls(toolCall("bash", { command: "echo hi" }, "c-echo")),
        reply.toolCalls(toolCall("bash", { command: "echo hi && touch pwned" }, "c-more")),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "c-echo")).toEqual({ text: "hi", isError: false });
    // In ask mode with nobody to ask, a call no allow covers is refused.
    expect(toolResultFor(s.model, "c-more")?.text).toMatch(/^permission denied: bash needs approval/);
    expect(fs.existsSync(s.at("pwned"))).toBe(false);
  });
});
