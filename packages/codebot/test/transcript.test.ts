import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readTranscript } from "../src/transcript/transcript-reader.js";
import { TranscriptWriter } from "../src/transcript/transcript-writer.js";
import { tempDir } from "./support/temp-dirs.js";

describe("transcript", () => {
  it("creates the file at once, so hooks can read transcript_path from the first event", () => {
    const dir = tempDir("codebot-transcript-");
    const writer = new TranscriptWriter(path.join(dir, "a", "s.jsonl"), "s", "/p");
    expect(fs.readFileSync(writer.file, "utf8")).toBe("");
  });

  it("writes one Claude Code–style JSON line per message, chaining parentUuid per agent", () => {
    const dir = tempDir("codebot-transcript-");
    const file = path.join(dir, "projects", "slug", "s1.jsonl");
    const writer = new TranscriptWriter(file, "s1", "/proj");
    writer.append({ role: "user", content: "hello" });
    writer.append({
      role: "assistant",
      content: [
        { type: "text", text: "running" },
        { type: "tool-call", toolCallId: "t1", toolName: "bash", input: { command: "ls" } },
      ],
    });
    writer.append({
      role: "tool",
      content: [
        {
          type: "tool-result",
          toolCallId: "t1",
          toolName: "bash",
          output: { type: "error-text", value: "boom" },
        },
      ],
    });
    writer.append({ role: "assistant", content: [{ type: "text", text: "sub" }] }, "helper");
    const lines = fs
      .readFileSync(file, "utf8")
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.type, l.message.role, l.agentName, l.isSidechain])).toEqual([
      ["user", "user", "main", false],
      ["assistant", "assistant", "main", false],
      ["user", "user", "main", false],
      ["assistant", "assistant", "helper", true],
    ]);
    expect(lines[0]).toMatchObject({
      message: { content: "hello" },
      sessionId: "s1",
      session_id: "s1",
      cwd: "/proj",
      parentUuid: null,
    });
    expect(lines[1].message.content).toEqual([
      { type: "text", text: "running" },
      { type: "tool_use", id: "t1", name: "Bash", input: { command: "ls" } },
    ]);
    expect(lines[2].message.content).toEqual([
      { type: "tool_result", tool_use_id: "t1", content: "boom", is_error: true },
    ]);
    expect(lines[1].parentUuid).toBe(lines[0].uuid);
    expect(lines[2].parentUuid).toBe(lines[1].uuid);
    expect(lines[3].parentUuid).toBeNull();
    for (const l of lines) expect(Number.isNaN(Date.parse(l.timestamp))).toBe(false);
  });

  it("reports a write failure once instead of throwing", () => {
    const dir = tempDir("codebot-transcript-");
    const errors: string[] = [];
    const writer = new TranscriptWriter(path.join(dir, "t.jsonl"), "s", "/p", (m) => errors.push(m));
    fs.rmSync(path.join(dir, "t.jsonl"));
    fs.mkdirSync(path.join(dir, "t.jsonl"));
    writer.append({ role: "user", content: "a" });
    writer.append({ role: "user", content: "b" });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^transcript: cannot write .*t\.jsonl: /);
  });

  it("a line whose append fails halfway (a full disk) is cut back off: the lines written after it are read back", () => {
    const file = path.join(tempDir("codebot-transcript-"), "s.jsonl");
    let diskFull = false;
    // A full disk takes the first half of the line, then fails.
    const append = (target: string, text: string) => {
      if (diskFull) {
        fs.appendFileSync(target, text.slice(0, text.length / 2));
        throw new Error("ENOSPC: no space left on device, write");
      }
      fs.appendFileSync(target, text);
    };
    const errors: string[] = [];
    const writer = new TranscriptWriter(file, "s", "/p", (m) => errors.push(m), append);
    const call = (id: string) => ({
      role: "assistant" as const,
      content: [{ type: "tool-call" as const, toolCallId: id, toolName: "bash", input: { command: id } }],
    });
    const result = (id: string, value: string) => ({
      role: "tool" as const,
      content: [
        {
          type: "tool-result" as const,
          toolCallId: id,
          toolName: "bash",
          output: { type: "text" as const, value },
        },
      ],
    });
    writer.append({ role: "user", content: "run both" });
    writer.append(call("c1"));
    diskFull = true;
    writer.append(result("c1", "x".repeat(100_000)));
    diskFull = false;
    writer.append(call("c2"));
    writer.append(result("c2", "C2-RAN"));

    expect(errors).toEqual([expect.stringMatching(/^transcript: cannot write .*s\.jsonl: ENOSPC/)]);
    const restored = readTranscript(file);
    expect(restored.skipped).toEqual(["tool call c1 (bash) has no result; it is marked interrupted"]);
    expect(restored.messages.at(-1)).toMatchObject({
      role: "tool",
      content: [{ toolCallId: "c2", output: { type: "text", value: "C2-RAN" } }],
    });
  });

  it("a transcript that cannot be created is reported once, and the session goes on unrecorded", () => {
    const home = tempDir("codebot-transcript-");
    // `projects` is a file: no directory can be made under it, whoever runs the test.
    fs.writeFileSync(path.join(home, "projects"), "");
    const errors: string[] = [];
    const writer = new TranscriptWriter(path.join(home, "projects", "slug", "s.jsonl"), "s", "/p", (m) =>
      errors.push(m),
    );
    writer.append({ role: "user", content: "a" });
    writer.append({ role: "user", content: "b" });
    expect(errors).toEqual([
      `codebot: cannot create the transcript in ${path.join(home, "projects", "slug")}: ENOTDIR: not a directory; this session is not recorded`,
    ]);
  });
});
