/**
 * A model stream that breaks half-way through a tool call's arguments: the half call is never run
 * nor recorded; the request is retried, and the retried answer is what runs and what is kept.
 */
import fs from "node:fs";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { printRun } from "./support/cli-fixtures.js";
import { jsonLines, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

describe("a stream cut inside a tool call's arguments", () => {
  it("runs nothing of the cut call, retries, and the transcript holds only the retried call", async () => {
    const write = { file_path: "out.txt", content: "written once\n" };
    const { box, r, server } = await printRun(
      "go",
      [
        reply.cutInToolCall(toolCall("write", write, "cut-call")),
        reply.toolCall("write", write, "whole-call"),
        reply.text("done"),
      ],
      {
        flags: [
          ...["--permission-mode", "bypassPermissions"],
          ...["--output-format", "stream-json", "--verbose", "--include-partial-messages"],
        ],
      },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(server.requests).toHaveLength(3);
    expect(fs.readFileSync(box.at("out.txt"), "utf8")).toBe("written once\n");
    const transcript = fs.readFileSync(String(jsonLines(r.stdout)[0]?.transcript_path), "utf8");
    // The cut came inside the call: its start and part of its arguments were streamed.
    const partial = jsonLines(r.stdout).filter((l) => l.type === "stream_event");
    expect(JSON.stringify(partial)).toContain('"id":"cut-call"');
    expect(JSON.stringify(partial)).toContain('"partial_json":"{\\"file_path\\":');
    expect(transcript).not.toContain("cut-call");
    expect(transcript).toContain("whole-call");
    expect(jsonLines(r.stdout).find((l) => l.subtype === "api_retry")).toMatchObject({ attempt: 1 });
  });
});
