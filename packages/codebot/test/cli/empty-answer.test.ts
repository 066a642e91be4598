/**
 * A model answer with nothing visible, in `codebot -p`: as claude 2.1.328 (recorded against a
 * loopback server answering with no content blocks), the model is asked once more with a synthetic
 * user message, which stream-json shows as claude does (`isSynthetic`).
 */
import fs from "node:fs";
import { EMPTY_ANSWER_NUDGE_TEXT } from "@codebot/agentcore";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { printRun } from "./support/cli-fixtures.js";
import { jsonLines, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

describe("an empty answer from the model", () => {
  it("is followed by claude's synthetic nudge line and a second request, whose answer is the result", async () => {
    const { r, server } = await printRun("go", [{ kind: "reply" }, reply.text("there it is")], {
      flags: ["--output-format", "stream-json", "--verbose"],
    });
    expect(r.code, r.stderr).toBe(0);
    const lines = jsonLines(r.stdout);
    expect(lines.filter((l) => l.type === "user")).toEqual([
      expect.objectContaining({
        message: { role: "user", content: [{ type: "text", text: EMPTY_ANSWER_NUDGE_TEXT }] },
        isSynthetic: true,
      }),
    ]);
    expect(lines.at(-1)).toMatchObject({
      type: "result",
      subtype: "success",
      result: "there it is",
      num_turns: 2,
    });
    expect(server.requests).toHaveLength(2);
    const transcript = fs.readFileSync(String(lines[0]?.transcript_path), "utf8");
    expect(transcript).toContain(EMPTY_ANSWER_NUDGE_TEXT);
  });
});
