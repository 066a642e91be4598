/**
 * Hooks read the transcript at `transcript_path` the way they read claude's: sd0xdev/sd0x-dev-flow's
 * Stop guard looks for a line with `"Write"` or `"Edit"` and a `.ts` path to know code changed. Through
 * the real CLI in `-p`, the transcript names calls as Claude Code does, and `-c` still gives the
 * model the calls under codebot's own tool names.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

describe("the transcript's tool calls", () => {
  it("are named as Claude Code names them, for hooks reading the file, and resumed under codebot's names", async () => {
    const box = sandbox();
    const found = path.join(box.home, "found.txt");
    // The payload is one line of JSON: its transcript_path without jq, as a shell hook might read it.
    const grepTranscript = `f=$(sed -n 's/.*"transcript_path":"\\([^"]*\\)".*/\\1/p'); grep -o '"name":"[A-Za-z]*"' "$f" > '${found}'`;
    box.json(path.join(box.home, ".claude", "settings.json"), {
      hooks: { Stop: [{ hooks: [{ type: "command", command: grepTranscript }] }] },
    });
    const server = await modelServer([
      reply.toolCall("write", { file_path: "src/app.ts", content: "export const a = 1;\n" }),
      reply.toolCall("bash", { command: "ls src" }),
      reply.text("done"),
      reply.text("again"),
    ]);
    const env = modelEnv(server, box.home);
    const args = ["--cwd", box.project, "--dangerously-skip-permissions"];
    const first = await runCli(["-p", "go", ...args], { env, cwd: box.project });
    expect(first.code, first.stderr).toBe(0);
    expect(fs.readFileSync(found, "utf8").split("\n")).toEqual(['"name":"Write"', '"name":"Bash"', ""]);

    const second = await runCli(["-c", "-p", "go on", ...args], { env, cwd: box.project });
    expect(second.code, second.stderr).toBe(0);
    const messages: { role: string; content: unknown }[] = server.requests.at(-1)?.body?.messages ?? [];
    const calls = messages
      .filter((m) => m.role === "assistant" && Array.isArray(m.content))
      .flatMap((m) => (m.content as { type: string; name?: string }[]).filter((b) => b.type === "tool_use"))
      .map((b) => b.name);
    expect(calls).toEqual(["write", "bash"]);
  });
});
