import fs from "node:fs";
import path from "node:path";
import { loadedToolNames, toolReferencePart } from "@codebot/agentcore";
import { describe, expect, it, vi } from "vitest";
import { readTranscript } from "../src/transcript/transcript-reader.js";
import { TranscriptWriter } from "../src/transcript/transcript-writer.js";
import { scratchDir } from "./support/e2e.js";

describe("restoring a conversation from its transcript", () => {
  it("the model's signed and redacted thinking is written as claude writes it and comes back to be sent unchanged", () => {
    const file = path.join(scratchDir("codebot-transcript-"), "s.jsonl");
    const writer = new TranscriptWriter(file, "s", "/p");
    const signed = {
      type: "reasoning" as const,
      text: "list first",
      providerOptions: { anthropic: { signature: "SIG==" } },
    };
    const redacted = {
      type: "reasoning" as const,
      text: "",
      providerOptions: { anthropic: { redactedData: "RED==" } },
    };
    writer.append({ role: "user", content: "go" });
    writer.append({
      role: "assistant",
      content: [signed, redacted, { type: "reasoning", text: "unsigned" }, { type: "text", text: "done" }],
    });
    const assistantLine = JSON.parse(fs.readFileSync(file, "utf8").trim().split("\n")[1] ?? "{}");
    expect(assistantLine.message.content).toEqual([
      { type: "thinking", thinking: "list first", signature: "SIG==" },
      { type: "redacted_thinking", data: "RED==" },
      { type: "thinking", thinking: "unsigned" },
      { type: "text", text: "done" },
    ]);
    expect(readTranscript(file).messages[1]).toEqual({
      role: "assistant",
      content: [signed, redacted, { type: "text", text: "done" }],
    });
  });

  it("a tool call whose result never came gets an error result, and the notice says so", () => {
    const file = path.join(scratchDir("codebot-transcript-"), "s.jsonl");
    const writer = new TranscriptWriter(file, "s", "/p");
    writer.append({ role: "user", content: "run it" });
    writer.append({
      role: "assistant",
      content: [{ type: "tool-call", toolCallId: "c1", toolName: "bash", input: { command: "sleep 100" } }],
    });
    const restored = readTranscript(file);
    expect(restored.messages).toEqual([
      { role: "user", content: "run it" },
      {
        role: "assistant",
        content: [{ type: "tool-call", toolCallId: "c1", toolName: "bash", input: { command: "sleep 100" } }],
      },
      {
        role: "tool",
        content: [
          {
            type: "tool-result",
            toolCallId: "c1",
            toolName: "bash",
            output: { type: "error-text", value: "interrupted: the session ended before this call finished" },
          },
        ],
      },
    ]);
    expect(restored.skipped).toEqual(["tool call c1 (bash) has no result; it is marked interrupted"]);
  });

  it("sub-agents' lines and everything before the last boundary are left out; results get their call's tool name", () => {
    const file = path.join(scratchDir("codebot-transcript-"), "s.jsonl");
    const writer = new TranscriptWriter(file, "s", "/p");
    writer.append({ role: "user", content: "before" });
    writer.boundary("clear_boundary", { trigger: "manual", preTokens: 10 });
    writer.append({ role: "user", content: "after" });
    writer.append({ role: "user", content: "sub-agent prompt" }, "helper");
    writer.append({
      role: "assistant",
      content: [{ type: "tool-call", toolCallId: "c2", toolName: "read", input: { file_path: "a" } }],
    });
    writer.append({
      role: "tool",
      content: [
        { type: "tool-result", toolCallId: "c2", toolName: "read", output: { type: "text", value: "A" } },
      ],
    });
    const { messages, skipped } = readTranscript(file);
    expect(skipped).toEqual([]);
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "tool"]);
    expect(messages[0]).toEqual({ role: "user", content: "after" });
    expect(messages[2]).toMatchObject({
      content: [{ toolName: "read", output: { type: "text", value: "A" } }],
    });
    expect(fs.readFileSync(file, "utf8").split("\n").filter(Boolean)).toHaveLength(6);
  });

  it("after a compaction, the history is its summary and what followed", () => {
    const file = path.join(scratchDir("codebot-transcript-"), "s.jsonl");
    const writer = new TranscriptWriter(file, "s", "/p");
    writer.append({ role: "user", content: "old" });
    writer.boundary("compact_boundary", { trigger: "auto", preTokens: 10 });
    writer.append({ role: "user", content: "SUMMARY" }, "main", { isCompactSummary: true });
    writer.append({ role: "user", content: "new" });
    expect(readTranscript(file)).toMatchObject({
      messages: [
        { role: "user", content: "SUMMARY" },
        { role: "user", content: "new" },
      ],
      skipped: [],
    });
  });

  it("a compaction cut before its summary was written keeps the history before it, and says so", () => {
    const file = path.join(scratchDir("codebot-transcript-"), "s.jsonl");
    const writer = new TranscriptWriter(file, "s", "/p");
    writer.append({ role: "user", content: "old" });
    writer.append({ role: "assistant", content: [{ type: "text", text: "answer" }] });
    writer.boundary("compact_boundary", { trigger: "auto", preTokens: 10 });
    expect(readTranscript(file)).toMatchObject({
      messages: [
        { role: "user", content: "old" },
        { role: "assistant", content: [{ type: "text", text: "answer" }] },
      ],
      skipped: [
        "line 3: a compaction with no summary after it (the session ended while compacting); the history before it is kept",
      ],
    });
  });

  it("a tool search's result is written as claude's tool_reference blocks and comes back loading the same tools", () => {
    const file = path.join(scratchDir("codebot-transcript-"), "s.jsonl");
    const writer = new TranscriptWriter(file, "s", "/p");
    writer.append({ role: "user", content: "go" });
    writer.append({
      role: "assistant",
      content: [{ type: "tool-call", toolCallId: "c1", toolName: "tool_search", input: { query: "echo" } }],
    });
    writer.append({
      role: "tool",
      content: [
        {
          type: "tool-result",
          toolCallId: "c1",
          toolName: "tool_search",
          output: { type: "content", value: [toolReferencePart("mcp__s__echo")] },
        },
      ],
    });
    const resultLine = JSON.parse(fs.readFileSync(file, "utf8").trim().split("\n")[2] ?? "{}");
    expect(resultLine.message.content).toEqual([
      {
        type: "tool_result",
        tool_use_id: "c1",
        content: [{ type: "tool_reference", tool_name: "mcp__s__echo" }],
        is_error: false,
      },
    ]);
    const { messages, skipped } = readTranscript(file);
    expect(skipped).toEqual([]);
    expect([...loadedToolNames(messages)]).toEqual(["mcp__s__echo"]);
  });

  it("a line of valid JSON but another shape is skipped with its reason, and the rest is restored", () => {
    const file = path.join(scratchDir("codebot-transcript-"), "s.jsonl");
    const writer = new TranscriptWriter(file, "s", "/p");
    writer.append({ role: "user", content: "kept" });
    fs.appendFileSync(
      file,
      [
        "null",
        '{"type":"assistant","message":{"role":"assistant","content":5}}',
        '{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"c1","content":7,"is_error":false}]}}',
        '{"type":"assistant"}',
        "[]",
        "",
      ].join("\n"),
    );
    writer.append({ role: "assistant", content: [{ type: "text", text: "also kept" }] });
    const { messages, skipped } = readTranscript(file);
    expect(skipped).toEqual([
      "line 2: not a transcript line (not an object: null); skipped",
      "line 3: not a transcript line (message.content is neither text nor a list of blocks); skipped",
      "line 4: not a transcript line (message.content[0] (tool_result): content is neither text nor a list of tool_reference blocks); skipped",
      "line 5: not a transcript line (no message); skipped",
      "line 6: not a transcript line (not an object: []); skipped",
    ]);
    expect(messages).toEqual([
      { role: "user", content: "kept" },
      { role: "assistant", content: [{ type: "text", text: "also kept" }] },
    ]);
  });

  it("a line too long to make a string of (beyond 512 MB) is skipped with its size, and the lines around it are restored", () => {
    const file = path.join(scratchDir("codebot-transcript-"), "s.jsonl");
    const writer = new TranscriptWriter(file, "s", "/p");
    writer.append({ role: "user", content: "before" });
    writer.append({ role: "assistant", content: [{ type: "text", text: "x".repeat(3000) }] });
    writer.append({ role: "user", content: "after" });
    // The limit lowered to 2 KB stands in for V8's 512 MB, read in chunks smaller than the line.
    const { messages, skipped } = readTranscript(file, { maxLineBytes: 2048, chunkBytes: 1000 });
    expect(skipped).toEqual([expect.stringMatching(/^line 2: too long to read \(3\.\dKB\); skipped$/)]);
    expect(messages).toEqual([
      { role: "user", content: "before" },
      { role: "user", content: "after" },
    ]);
  });

  it("a call whose arguments were written as a list (a model's nonsense, kept by an older codebot) comes back with {}, which providers take", () => {
    const file = path.join(scratchDir("codebot-transcript-"), "s.jsonl");
    const writer = new TranscriptWriter(file, "s", "/p");
    writer.append({ role: "user", content: "go" });
    writer.append({
      role: "assistant",
      content: [{ type: "tool-call", toolCallId: "c1", toolName: "bash", input: [1, 2] }],
    });
    const { messages } = readTranscript(file);
    expect(messages[1]).toEqual({
      role: "assistant",
      content: [{ type: "tool-call", toolCallId: "c1", toolName: "bash", input: {} }],
    });
  });

  it("a block of a kind the reader does not send (an image, a newer format's) is reported with its line; the rest of the line is restored", () => {
    const file = path.join(scratchDir("codebot-transcript-"), "s.jsonl");
    const writer = new TranscriptWriter(file, "s", "/p");
    fs.appendFileSync(
      file,
      `${JSON.stringify({
        type: "user",
        uuid: "u1",
        parentUuid: null,
        message: {
          role: "user",
          content: [
            { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBO" } },
            { type: "text", text: "what is in it?" },
            { type: "hologram", depth: 3 },
          ],
        },
      })}\n`,
    );
    writer.append({ role: "assistant", content: [{ type: "text", text: "a cat" }] });
    const { messages, skipped } = readTranscript(file);
    expect(skipped).toEqual(["line 1: its image, hologram block(s) left out (codebot does not send them)"]);
    expect(messages).toEqual([
      { role: "user", content: [{ type: "text", text: "what is in it?" }] },
      { role: "assistant", content: [{ type: "text", text: "a cat" }] },
    ]);
  });

  it("a system prompt snapshot whose parts are not a list of strings is skipped and reported; the last good one stays", () => {
    const file = path.join(scratchDir("codebot-transcript-"), "s.jsonl");
    const writer = new TranscriptWriter(file, "s", "/p");
    writer.append({ role: "user", content: "hi" });
    const snapshot = (systemPrompt: unknown) =>
      `${JSON.stringify({ type: "attachment", attachment: { type: "prompt_snapshot", systemPrompt } })}\n`;
    fs.appendFileSync(file, snapshot(["good"]) + snapshot({ x: 1 }) + snapshot(["a", 2]));
    const restored = readTranscript(file);
    expect(restored.skipped).toEqual([
      "line 3: a system prompt snapshot whose systemPrompt is not a list of strings; skipped",
      "line 4: a system prompt snapshot whose systemPrompt is not a list of strings; skipped",
    ]);
    expect(restored.systemPrompt).toBe("good");
    expect(restored.messages).toEqual([{ role: "user", content: "hi" }]);
  });

  it("a line cut by a crash is still reported as cut off once a later session has ended it with a newline", () => {
    const file = path.join(scratchDir("codebot-transcript-"), "s.jsonl");
    new TranscriptWriter(file, "s", "/p").append({ role: "user", content: "before the crash" });
    fs.appendFileSync(file, 'garbage {"type":"user"}\n{"type":"assistant","message":{"role":"assi');
    const reported = [
      "line 2: not JSON; skipped",
      "line 3: cut off (the session ended while writing it); skipped",
    ];
    expect(readTranscript(file).skipped).toEqual(reported);
    // The resumed session's writer ends the cut line before its own.
    new TranscriptWriter(file, "s", "/p").append({ role: "user", content: "after" });
    const { messages, skipped } = readTranscript(file);
    expect(skipped).toEqual(reported);
    expect(messages.map((m) => m.content)).toEqual(["before the crash", "after"]);
  });

  it("an error result a resume wrote after later lines answers its call in place, and is not reported again", () => {
    const file = path.join(scratchDir("codebot-transcript-"), "s.jsonl");
    const writer = new TranscriptWriter(file, "s", "/p");
    writer.append({ role: "user", content: "run it" });
    writer.append({
      role: "assistant",
      content: [{ type: "tool-call", toolCallId: "c1", toolName: "bash", input: { command: "x" } }],
    });
    writer.append({ role: "user", content: "next" });
    const first = readTranscript(file);
    expect(first.skipped).toEqual(["tool call c1 (bash) has no result; it is marked interrupted"]);
    // What the resumed session writes (create-runtime), after the lines already there.
    writer.append({ role: "tool", content: first.interrupted });
    writer.append({ role: "assistant", content: [{ type: "text", text: "done" }] });

    const again = readTranscript(file);
    expect(again.skipped).toEqual([]);
    expect(again.interrupted).toEqual([]);
    expect(again.messages).toEqual([
      ...first.messages,
      { role: "assistant", content: [{ type: "text", text: "done" }] },
    ]);
  });

  it("a transcript read 5 bytes at a time restores what a whole read does: multi-byte characters across chunk edges, a line longer than a chunk, a torn last line", () => {
    const file = path.join(scratchDir("codebot-transcript-"), "s.jsonl");
    const writer = new TranscriptWriter(file, "s", "/p");
    writer.append({ role: "user", content: "déjà vu — 日本語 ✓" });
    writer.append({ role: "assistant", content: [{ type: "text", text: "x".repeat(300) }] });
    fs.appendFileSync(file, '\n{"type":"assistant","message":{"role":"assi');
    const whole = readTranscript(file);
    expect(whole.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(whole.skipped).toEqual(["line 4: cut off (the session ended while writing it); skipped"]);
    expect(readTranscript(file, { chunkBytes: 5 })).toEqual(whole);
  });

  it("a transcript too big for one string (readFileSync fails with ERR_STRING_TOO_LONG beyond 512 MB) is still restored, line by line", () => {
    const file = path.join(scratchDir("codebot-transcript-"), "s.jsonl");
    const writer = new TranscriptWriter(file, "s", "/p");
    writer.append({ role: "user", content: "a long session" });
    writer.append({ role: "assistant", content: [{ type: "text", text: "still here" }] });
    const tooLong = Object.assign(new Error("Cannot create a string longer than 0x1fffffe8 characters"), {
      code: "ERR_STRING_TOO_LONG",
    });
    const whole = vi.spyOn(fs, "readFileSync").mockImplementation(() => {
      throw tooLong;
    });
    try {
      expect(readTranscript(file).messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    } finally {
      whole.mockRestore();
    }
  });
});
