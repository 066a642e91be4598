/**
 * The deferred tools' listing in the transcript (claude 2.1.328's `deferred_tools_delta` line,
 * recorded; docs/mcp.md): written with the conversation's first prompt only, so a resume knows
 * what the model was told. A compaction keeps it: each request lists the deferred tools anyway.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { readTranscript } from "../../src/transcript/transcript-reader.js";
import { modelEnv, modelServer, sandbox } from "../cli/support/cli-fixtures.js";
import { runCli, useBuiltCli } from "../cli/support/cli-process.js";
import { scratchDir } from "../support/e2e.js";

useBuiltCli();

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures", "test-server.mjs");
const userLine = (text: string) =>
  `${JSON.stringify({ type: "user", message: { role: "user", content: text } })}\n`;

describe("the deferred tools' listing line", () => {
  it("is written once, after the first prompt's line: not again after a /compact in the same session, whose resume still reads it", async () => {
    const box = sandbox();
    const mcpConfig = box.json("mcp.json", {
      mcpServers: { t: { command: process.execPath, args: [SERVER, "serve", scratchDir("mcp-state-")] } },
    });
    const server = await modelServer(Array.from({ length: 6 }, () => reply.text("ok")));
    const r = await runCli(
      ["-p", "--input-format", "stream-json", "--output-format", "stream-json", "--verbose"].concat([
        "--mcp-config",
        mcpConfig,
        "--permission-mode",
        "bypassPermissions",
        "--cwd",
        box.project,
      ]),
      { env: modelEnv(server, box.home), input: userLine("go") + userLine("/compact") + userLine("more") },
    );
    expect(r.code, r.stderr).toBe(0);
    const projects = path.join(box.home, "projects");
    const [file] = fs
      .readdirSync(projects, { recursive: true, encoding: "utf8" })
      .filter((name) => name.endsWith(".jsonl"));
    const lines = fs
      .readFileSync(path.join(projects, file as string), "utf8")
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line));
    const listings = lines.filter((line) => line.attachment?.type === "deferred_tools_delta");
    expect(listings).toHaveLength(1);
    expect(listings[0].attachment.addedNames).toContain("mcp__t__pid");
    const before = lines[lines.indexOf(listings[0]) - 1];
    expect(before.type === "user" && before.message.content).toBe("go");
    expect(lines.some((line) => line.subtype === "compact_boundary")).toBe(true);
    expect(server.requests.at(-1)?.body.messages.at(-1).content.at(-1).text).toBe("more");
    // A resume still knows what the model was told, the compaction's boundary notwithstanding.
    expect(readTranscript(path.join(projects, file as string)).listedDeferred).toContain("mcp__t__pid");
  });
});
