import fs from "node:fs";
import { reply, startLoopbackModelServer, toolCall } from "@codebot/agentcore/testing";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startSession, toolResultFor } from "./support/e2e.js";

/**
 * A PostToolUse hook that rewrites the file a write or edit just wrote (a formatter, a spelling
 * fixer such as britfix): the model is told, as claude 2.1.328 tells it, so its next edit does not
 * look for text the hook changed.
 */
function postToolUse(script: string, matcher = "Write|Edit", hook: object = {}): Record<string, unknown> {
  return {
    hooks: {
      PostToolUse: [{ matcher, hooks: [{ type: "command", command: `node -e '${script}'`, ...hook }] }],
    },
  };
}

const UPPER_CASE_FILE =
  `const fs=require("fs");let s="";process.stdin.on("data",c=>s+=c).on("end",()=>{` +
  `const f=JSON.parse(s).tool_input.file_path;fs.writeFileSync(f,fs.readFileSync(f,"utf8").toUpperCase())})`;

/** Reads the payload and upper-cases the file it names, as a formatter rewrites in place. */
const upperCasing = postToolUse(UPPER_CASE_FILE);

/** Reads the payload and leaves the file alone. */
const onlyReading = postToolUse(`process.stdin.resume()`);

/** Reads the payload and adds a line to the file it names: its size changes. */
const appending = postToolUse(
  `const fs=require("fs");let s="";process.stdin.on("data",c=>s+=c).on("end",()=>{` +
    `fs.appendFileSync(JSON.parse(s).tool_input.file_path,"# formatted\\n")})`,
);

/**
 * Rewrites the file in place with as many bytes, then puts its timestamps back as they were: what
 * a fast hook's rewrite within the tick of the clock that stamps files looks like.
 */
const sameSizeSameTime = postToolUse(
  `const fs=require("fs");let s="";process.stdin.on("data",c=>s+=c).on("end",()=>{` +
    `const f=JSON.parse(s).tool_input.file_path;const t=fs.statSync(f);` +
    `fs.writeFileSync(f,fs.readFileSync(f,"utf8").toUpperCase());fs.utimesSync(f,t.atime,t.mtime)})`,
);

/** How many times codebot's own process read `file` while `run` ran (hooks read in their own). */
async function readsOf(file: string, run: () => Promise<unknown>): Promise<number> {
  const reads = vi.spyOn(fs, "readFileSync");
  await run();
  return reads.mock.calls.filter(([read]) => read === file).length;
}

/** How many times codebot's own process statted `file` while `run` ran. */
async function statsOf(file: string, run: () => Promise<unknown>): Promise<number> {
  const stats = vi.spyOn(fs, "statSync");
  await run();
  return stats.mock.calls.filter(([statted]) => statted === file).length;
}

/** A session whose one call writes notes.md, under these user settings. */
function writingNotes(user: unknown) {
  return startSession({
    user,
    script: [
      reply.toolCalls(toolCall("write", { file_path: "notes.md", content: "the color\n" }, "c1")),
      reply.text("done"),
    ],
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

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

  it("PostToolBatch is given the write's result without the note for the model", async () => {
    const batch = { matcher: "", hooks: [{ type: "command", command: "cat > batch.json" }] };
    const s = await writingNotes({ hooks: { ...(upperCasing.hooks as object), PostToolBatch: [batch] } });
    await s.runtime.prompt("go");
    await s.runtime.close();
    expect(toolResultFor(s.model, "c1")?.text).toMatch(NOTE);
    const [call] = JSON.parse(fs.readFileSync(s.at("batch.json"), "utf8")).tool_calls;
    expect(call.tool_response).toContain("notes.md");
    expect(call.tool_response).not.toMatch(NOTE);
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

  it("a hook that rewrites the file with as many bytes and puts its mtime back is still told", async () => {
    const s = await startSession({
      user: sameSizeSameTime,
      script: [
        reply.toolCalls(toolCall("write", { file_path: "notes.md", content: "the color\n" }, "c1")),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    expect(fs.readFileSync(s.at("notes.md"), "utf8")).toBe("THE COLOR\n");
    expect(toolResultFor(s.model, "c1")?.text).toMatch(NOTE);
  });

  it("a write with a lone surrogate, on disk as U+FFFD, is not taken for the hook's change", async () => {
    const s = await startSession({
      user: onlyReading,
      script: [
        reply.toolCalls(toolCall("write", { file_path: "notes.md", content: "a\ud800b\n" }, "c1")),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "c1")?.text).not.toMatch(NOTE);
  });
});

describe("what the check reads", () => {
  it("a hook that changes the file's size is told without reading the file", async () => {
    const s = await startSession({
      user: appending,
      script: [
        reply.toolCalls(toolCall("write", { file_path: "notes.md", content: "the color\n" }, "c1")),
        reply.text("done"),
      ],
    });
    expect(await readsOf(s.at("notes.md"), () => s.runtime.prompt("go"))).toBe(0);
    expect(fs.readFileSync(s.at("notes.md"), "utf8")).toBe("the color\n# formatted\n");
    expect(toolResultFor(s.model, "c1")?.text).toMatch(NOTE);
  });

  it("a hook that leaves the file as written costs one read of it, not a read back after the write", async () => {
    const s = await startSession({
      user: onlyReading,
      script: [
        reply.toolCalls(toolCall("write", { file_path: "notes.md", content: "the color\n" }, "c1")),
        reply.text("done"),
      ],
    });
    expect(await readsOf(s.at("notes.md"), () => s.runtime.prompt("go"))).toBe(1);
    expect(toolResultFor(s.model, "c1")?.text).not.toMatch(NOTE);
  });
});

describe("when the check runs: only when a hook that can change the file will have run", () => {
  it("a PostToolUse hook for another tool (matcher Bash) costs the write no stat of its file", async () => {
    const bare = await writingNotes({});
    const toolsOwn = await statsOf(bare.at("notes.md"), () => bare.runtime.prompt("go"));
    vi.restoreAllMocks();
    const s = await writingNotes(postToolUse(UPPER_CASE_FILE, "Bash"));
    expect(await statsOf(s.at("notes.md"), () => s.runtime.prompt("go"))).toBe(toolsOwn);
    expect(toolResultFor(s.model, "c1")).toEqual({ text: "created notes.md (10 bytes)", isError: false });
  });

  it("a hook whose `if` does not hold for the written file costs no read of it", async () => {
    const s = await writingNotes(postToolUse("process.stdin.resume()", "Write", { if: "Write(*.py)" }));
    expect(await readsOf(s.at("notes.md"), () => s.runtime.prompt("go"))).toBe(0);
  });

  it("a hook whose `if` holds for the written file and changes it is still told", async () => {
    const s = await writingNotes(postToolUse(UPPER_CASE_FILE, "Write", { if: "Write(*.md)" }));
    await s.runtime.prompt("go");
    expect(fs.readFileSync(s.at("notes.md"), "utf8")).toBe("THE COLOR\n");
    expect(toolResultFor(s.model, "c1")?.text).toMatch(NOTE);
  });

  it("the `if` is read against the arguments the tool ran with, after a PreToolUse rewrite", async () => {
    const rewrite = {
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "allow",
        updatedInput: { file_path: "notes.md", content: "the color\n" },
      },
    };
    const user = postToolUse(UPPER_CASE_FILE, "Write", { if: "Write(*.md)" });
    (user.hooks as Record<string, unknown>).PreToolUse = [
      { matcher: "Write", hooks: [{ type: "command", command: `printf '%s' '${JSON.stringify(rewrite)}'` }] },
    ];
    const s = await startSession({
      user,
      script: [
        reply.toolCalls(toolCall("write", { file_path: "notes.txt", content: "the color\n" }, "c1")),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    expect(fs.readFileSync(s.at("notes.md"), "utf8")).toBe("THE COLOR\n");
    expect(toolResultFor(s.model, "c1")?.text.match(NOTE)?.[1]).toBe(s.at("notes.md"));
  });

  it("a matching prompt hook (a model's verdict, no tools) costs no read of the file", async () => {
    const server = await startLoopbackModelServer([
      reply.toolCalls(toolCall("write", { file_path: "notes.md", content: "the color\n" }, "c1")),
      reply.text('{"ok": true}'),
      reply.text("done"),
    ]);
    const s = await startSession({
      user: {
        hooks: {
          PostToolUse: [{ matcher: "Write", hooks: [{ type: "prompt", prompt: "Fine? $ARGUMENTS" }] }],
        },
      },
      runtime: {
        model: "anthropic/claude-main",
        env: { ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseUrl },
      },
    });
    try {
      const reads = await readsOf(s.at("notes.md"), () => s.runtime.prompt("go"));
      expect(server.requests).toHaveLength(3);
      expect(reads).toBe(0);
    } finally {
      await server.close();
    }
  });

  it("a matching hook run in the background (async: true) costs no read: it starts after the compare", async () => {
    const s = await writingNotes(postToolUse("process.stdin.resume()", "Write", { async: true }));
    expect(await readsOf(s.at("notes.md"), () => s.runtime.prompt("go"))).toBe(0);
  });
});
