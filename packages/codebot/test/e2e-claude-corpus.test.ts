/**
 * The Claude Code hook corpus (test/claude-corpus/) runs unchanged through the real runtime: each
 * test checks one script's effect on disk and on what the scripted model received.
 */
import fs from "node:fs";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { afterEach, describe, expect, it } from "vitest";
import type { ToolApprovalRequest } from "../src/approval/approval-types.js";
import { linesOf, corpusSession as startCorpus } from "./support/claude-corpus.js";
import { promptText, type TestSession, toolResultFor } from "./support/e2e.js";
import { waitFor } from "./support/wait-for.js";

const sessions: TestSession[] = [];

/** A corpus session whose notices are checked after the test: no corpus script may fail unseen. */
async function corpusSession(setup: Parameters<typeof startCorpus>[0]): Promise<TestSession> {
  const s = await startCorpus(setup);
  sessions.push(s);
  return s;
}

afterEach(() => {
  for (const s of sessions.splice(0)) expect(s.notices.filter((n) => n.startsWith("hook "))).toEqual([]);
});

/** The last words of a run: they mention the tests, so the corpus's Stop hook lets the agent stop. */
const done = (text = "Done; the tests pass.") => reply.text(text);

describe("the Claude Code corpus through the runtime", () => {
  it("bash-guard.sh: exit 2 blocks rm -rf and its stderr reaches the model", async () => {
    const s = await corpusSession({
      files: { "build/out.txt": "x" },
      script: [reply.toolCalls(toolCall("bash", { command: "rm -rf build" }, "c-rm")), done()],
    });
    const result = await s.runtime.prompt("clean the build folder");
    expect(result.status).toBe("completed");
    expect(fs.existsSync(s.at("build/out.txt"))).toBe(true);
    expect(toolResultFor(s.model, "c-rm")).toEqual({
      text: "hook: Blocked: 'rm -rf build' deletes recursively. Delete specific files instead.",
      isError: true,
    });
  });

  it("protect-secrets.py: permissionDecision deny refuses a write to .env, with its reason", async () => {
    const s = await corpusSession({
      script: [
        reply.toolCalls(toolCall("write", { file_path: ".env", content: "TOKEN=abc\n" }, "c-env")),
        reply.toolCalls(toolCall("write", { file_path: ".env.example", content: "TOKEN=\n" }, "c-example")),
        done(),
      ],
    });
    await s.runtime.prompt("add the token");
    expect(fs.existsSync(s.at(".env"))).toBe(false);
    expect(toolResultFor(s.model, "c-env")).toEqual({
      text: "hook: .env holds secrets; put placeholders in .env.example instead",
      isError: true,
    });
    expect(fs.readFileSync(s.at(".env.example"), "utf8")).toBe("TOKEN=\n");
  });

  it("rm-to-trash.js: updatedInput rewrites rm into a move, and its allow skips the permission question", async () => {
    const s = await corpusSession({
      files: { "notes.txt": "keep me" },
      runtime: { permissionMode: "ask" },
      script: [
        reply.toolCalls(toolCall("bash", { command: "rm notes.txt" }, "c-rm")),
        reply.toolCalls(toolCall("bash", { command: "touch other.txt" }, "c-touch")),
        done("Moved it to the trash; no tests involved."),
      ],
    });
    await s.runtime.prompt("delete notes.txt");
    expect(fs.existsSync(s.at("notes.txt"))).toBe(false);
    expect(fs.readFileSync(s.at(".trash/notes.txt"), "utf8")).toBe("keep me");
    expect(toolResultFor(s.model, "c-rm")).toEqual({ text: "(no output)", isError: false });
    // Without the hook's allow, a mutating call in ask mode with nobody to ask is refused.
    expect(toolResultFor(s.model, "c-touch")?.text).toMatch(/^permission denied: bash needs approval/);
    // log-tool-use.cjs (matcher "*") saw the call as the model made it, under Claude Code's tool name.
    const logged = linesOf(s, ".claude/tool-log.jsonl").map((l) => JSON.parse(l));
    expect(logged[0]).toEqual({
      tool: "Bash",
      input: { command: "rm notes.txt" },
      session: s.runtime.sessionId,
    });
  });

  it("strip-trailing-space.sh (Edit|Write) formats the file before the model's next step; audit-edits.py (regex) logs it", async () => {
    let seenByNextStep = "";
    const s = await corpusSession({
      script: [
        reply.toolCalls(
          toolCall("write", { file_path: "README.md", content: "# Title   \nline  \n" }, "c-w"),
        ),
        (request) => {
          seenByNextStep = fs.readFileSync(s.at("README.md"), "utf8");
          void request;
          return reply.toolCall(
            "edit",
            { file_path: "README.md", old_string: "line", new_string: "line two   " },
            "c-e",
          );
        },
        done(),
      ],
    });
    await s.runtime.prompt("write the readme");
    expect(seenByNextStep).toBe("# Title\nline\n");
    expect(fs.readFileSync(s.at("README.md"), "utf8")).toBe("# Title\nline two\n");
    expect(linesOf(s, ".claude/edits.jsonl").map((l) => JSON.parse(l))).toEqual([
      { tool: "Write", file: s.at("README.md"), success: true, session: s.runtime.sessionId },
      { tool: "Edit", file: s.at("README.md"), success: true, session: s.runtime.sessionId },
    ]);
  });

  it("prompt-guard.py (JSON) and open-todos.sh (plain stdout) add context; a secret in the prompt is refused", async () => {
    const s = await corpusSession({
      files: { "src/a.ts": "// TODO one\n// TODO two\n" },
      script: [done()],
    });
    await s.runtime.prompt("add a feature");
    expect(promptText(s.model.requests[0], "user")).toContain(
      "<system-reminder>\nTeam conventions: 2-space indentation, no default exports.\n\nOpen TODOs in src/: 2\n</system-reminder>",
    );
    const blocked = await s.runtime.prompt("my password: hunter2, log in");
    expect(blocked).toMatchObject({
      status: "blocked",
      reason: "Your prompt seems to contain a secret; remove it and try again.",
    });
    expect(s.model.requests).toHaveLength(1);
  });

  it("require-tests.py reads the transcript, blocks the first stop with its reason, then lets the agent stop", async () => {
    const s = await corpusSession({ script: [reply.text("Done."), reply.text("Still done.")] });
    const result = await s.runtime.prompt("fix it");
    expect(result).toMatchObject({ status: "completed", text: "Still done." });
    expect(s.model.requests).toHaveLength(2);
    expect(promptText(s.model.requests[1], "user").at(-1)).toBe(
      "<system-reminder>\nA Stop hook did not let you stop yet. Continue based on its feedback:\nBefore you finish, run the tests and say whether they pass.\n</system-reminder>",
    );
  });

  it("require-tests.py lets a final message that reports the tests stop at once", async () => {
    const s = await corpusSession({ script: [reply.text("Ran the tests: all pass.")] });
    expect((await s.runtime.prompt("fix it")).status).toBe("completed");
    expect(s.model.requests).toHaveLength(1);
  });

  it("session-context.sh (SessionStart, startup) puts the project notes into the first prompt only", async () => {
    const s = await corpusSession({
      files: { "NOTES.md": "Use pnpm, not npm.\n" },
      script: [done(), done()],
    });
    await s.runtime.prompt("first");
    await s.runtime.prompt("second");
    const notes = "<system-reminder>\nProject notes:\nUse pnpm, not npm.\n</system-reminder>";
    expect(promptText(s.model.requests[0], "user")[0]).toBe(notes);
    expect(promptText(s.model.requests[1], "user").filter((t) => t === notes)).toHaveLength(1);
  });

  it("notify-log.cjs logs the notification with its notification_type (a permission question)", async () => {
    const s = await corpusSession({
      script: [reply.toolCalls(toolCall("bash", { command: "touch hi" }, "c1")), done()],
      runtime: {
        permissionMode: "ask",
        askToolApproval: async () => "once",
        // At once: claude's 6 s wait for an answer is tested in e2e-permission-events.
        env: { CODEBOT_PERMISSION_PROMPT_MS: "0" },
      },
    });
    await s.runtime.prompt("hello");
    await waitFor(() => linesOf(s, ".claude/notifications.log").length > 0);
    expect(linesOf(s, ".claude/notifications.log")).toEqual([
      "permission_prompt: codebot needs your permission to use bash",
    ]);
  });

  it("task-gate.sh (TaskCompleted) refuses to complete a testing task until there are test results", async () => {
    const s = await corpusSession({
      script: [
        reply.toolCalls(
          toolCall("task_create", { subject: "Run the tests", description: "all of them" }, "c1"),
        ),
        reply.toolCalls(toolCall("task_update", { task_id: "1", status: "completed" }, "c2")),
        reply.toolCalls(toolCall("bash", { command: "echo 12 passed > test-results.txt" }, "c3")),
        reply.toolCalls(toolCall("task_update", { task_id: "1", status: "completed" }, "c4")),
        done(),
      ],
    });
    await s.runtime.prompt("test everything");
    expect(toolResultFor(s.model, "c2")).toEqual({
      text: 'task_update: blocked by a TaskCompleted hook: Task "Run the tests" cannot be completed: test-results.txt is missing. Run the tests first.',
      isError: true,
    });
    expect(toolResultFor(s.model, "c4")).toEqual({
      text: "updated task #1: [completed] Run the tests",
      isError: false,
    });
    expect(s.runtime.tasks.list().map((t) => t.status)).toEqual(["completed"]);
  });

  it("no-dist-writes.py: a legacy decision block refuses a write into dist/", async () => {
    const s = await corpusSession({
      script: [
        reply.toolCalls(toolCall("write", { file_path: "dist/app.js", content: "x" }, "c-dist")),
        reply.toolCalls(toolCall("write", { file_path: "src/app.js", content: "x" }, "c-src")),
        done(),
      ],
    });
    await s.runtime.prompt("build");
    expect(fs.existsSync(s.at("dist/app.js"))).toBe(false);
    expect(toolResultFor(s.model, "c-dist")).toEqual({
      text: "hook: dist/ is generated by the build; change src/ instead",
      isError: true,
    });
    expect(fs.existsSync(s.at("src/app.js"))).toBe(true);
  });

  it("confirm-push.sh: permissionDecision ask is a refusal without anyone to ask", async () => {
    const s = await corpusSession({
      script: [reply.toolCalls(toolCall("bash", { command: "git push origin main" }, "c-push")), done()],
    });
    await s.runtime.prompt("push");
    expect(toolResultFor(s.model, "c-push")).toEqual({
      text: "hook: Pushing needs your confirmation: git push origin main (a hook asked for confirmation; nobody can answer in a non-interactive run)",
      isError: true,
    });
  });

  it("confirm-push.sh: permissionDecision ask puts the call to the user once, who may refuse or allow it", async () => {
    const asked: ToolApprovalRequest[] = [];
    const answers = ["deny", "once"] as const;
    const s = await corpusSession({
      runtime: {
        permissionMode: "ask",
        askToolApproval: async (request) => {
          asked.push(request);
          return answers[asked.length - 1] ?? "deny";
        },
      },
      script: [
        reply.toolCalls(toolCall("bash", { command: "git push origin main" }, "c-1")),
        reply.toolCalls(toolCall("bash", { command: "git push origin main" }, "c-2")),
        done(),
      ],
    });
    await s.runtime.prompt("push");
    expect(asked.map((r) => [r.tool, r.hookReason])).toEqual([
      ["bash", "Pushing needs your confirmation: git push origin main"],
      ["bash", "Pushing needs your confirmation: git push origin main"],
    ]);
    expect(toolResultFor(s.model, "c-1")).toEqual({
      text: "hook: Pushing needs your confirmation: git push origin main (the user refused this bash call)",
      isError: true,
    });
    // Allowed once: it ran (and failed, outside a git repository) without a second question.
    expect(toolResultFor(s.model, "c-2")?.text).toMatch(/not a git repository[\s\S]*\[exit code 128\]$/);
  });

  it("stop-on-deploy.sh: continue false ends the run before the tool runs, and the result says why", async () => {
    const s = await corpusSession({
      files: { "deploy.sh": "touch deployed\n" },
      script: [reply.toolCalls(toolCall("bash", { command: "sh deploy.sh prod" }, "c-deploy")), done()],
    });
    const result = await s.runtime.prompt("ship it");
    expect(result.status).toBe("stopped");
    expect(result.reason).toMatch(
      /^stopped by hook PreToolUse\[1\]\.hooks\[2\] command: .*: Deploys are out of scope for this session; a human takes over from here\.$/,
    );
    expect(fs.existsSync(s.at("deployed"))).toBe(false);
    expect(s.model.requests).toHaveLength(1);
  });

  it("log-failure.sh (PostToolUseFailure) records a failing command and its error", async () => {
    const s = await corpusSession({
      script: [reply.toolCalls(toolCall("bash", { command: "ls missing-dir" }, "c-ls")), done()],
    });
    await s.runtime.prompt("list");
    // The error's first line is claude 2.1.328's `Exit code N` (recorded), the output after it.
    expect(linesOf(s, ".claude/failures.log")).toEqual(["ls missing-dir\tExit code 2"]);
  });

  it("async-metrics.sh (async: true) does not hold up the run and still completes by close()", async () => {
    const s = await corpusSession({
      script: [
        reply.toolCalls(toolCall("bash", { command: "true" }, "c1")),
        reply.toolCalls(toolCall("read", { file_path: ".claude/settings.json" }, "c2")),
        done(),
      ],
    });
    await s.runtime.prompt("go");
    await s.runtime.close();
    expect(linesOf(s, ".claude/metrics.log").sort()).toEqual(["Bash", "Read"]);
  });

  it("subagent-log.mjs (SubagentStop) gets agent_type and the sub-agent's last message", async () => {
    const s = await corpusSession({
      script: [
        reply.toolCalls(toolCall("agent", { name: "reviewer", prompt: "review the diff" }, "c-agent")),
        reply.text("LGTM, the tests pass."),
        done("Review done; the tests pass."),
      ],
    });
    await s.runtime.prompt("get a review");
    await waitFor(() => linesOf(s, ".claude/subagents.log").length > 0);
    // The model's name for a general-purpose run is no type (claude 2.1.328's agent_type, recorded).
    expect(linesOf(s, ".claude/subagents.log")).toEqual(["general-purpose: LGTM, the tests pass."]);
  });

  it("session-end.py (SessionEnd) gets the reason the session ended", async () => {
    const s = await corpusSession({ script: [] });
    await s.runtime.close("prompt_input_exit");
    expect(JSON.parse(fs.readFileSync(s.at(".claude/session-end.json"), "utf8"))).toEqual({
      reason: "prompt_input_exit",
      session_id: s.runtime.sessionId,
    });
  });

  it("the env of .claude/settings.json reaches the tools once the project is trusted", async () => {
    const s = await corpusSession({
      script: [
        reply.toolCalls(toolCall("bash", { command: 'echo "$CORPUS_GREETING" > greeting.txt' })),
        done(),
      ],
    });
    await s.runtime.prompt("greet");
    expect(fs.readFileSync(s.at("greeting.txt"), "utf8")).toBe("hello from .claude/settings.json\n");
  });

  it("untrusted, none of the corpus runs: guards refuse, the prompt and Stop hooks are skipped, env and permissions are ignored", async () => {
    const s = await corpusSession({
      trusted: false,
      script: [reply.toolCalls(toolCall("bash", { command: "ls" }, "b1")), done()],
      runtime: { permissionMode: "bypassPermissions" },
    });
    const result = await s.runtime.prompt("hello");
    // The UserPromptSubmit and Stop hooks do not run, and never block or cost a model call.
    expect(result).toMatchObject({ status: "completed" });
    expect(s.model.requests).toHaveLength(2);
    expect(toolResultFor(s.model, "b1")?.text).toMatch(
      /hook not approved: not trusted; run "codebot hooks trust" to review project hooks/,
    );
    expect(s.runtime.project.settings.env).toEqual({});
    expect(s.notices).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^codebot: 19 project hooks were not run because they are not trusted/),
        "codebot: project settings asked for permissions that are not trusted and were ignored: allow:Bash(npm test), env:CORPUS_GREETING=hello from .claude/settings.json",
      ]),
    );
    expect(fs.existsSync(s.at(".claude/tool-log.jsonl"))).toBe(false);
  });
});
