/** HOOKS.md §9.1: every tool call of every agent goes through the one hook middleware; the kernel knows no hooks. */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, startSession } from "./support/e2e.js";

const agentcore = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../agentcore");

/** Appends `<event> <tool_use_id> <agent>` for each call it sees. */
const logCall = (event: string) =>
  command(
    `payload=$(cat); id=$(printf '%s' "$payload" | sed -n 's/.*"tool_use_id":"\\([^"]*\\)".*/\\1/p'); echo "${event} $id" >> calls.log`,
  );

describe("§9.1 the tool middleware", () => {
  it("parallel read-only calls of one turn each get PreToolUse and PostToolUse", async () => {
    const s = await startSession({
      user: { hooks: { PreToolUse: [logCall("pre")], PostToolUse: [logCall("post")] } },
      script: [
        reply.toolCalls(
          toolCall("read", { file_path: "a.txt" }, "r1"),
          toolCall("read", { file_path: "b.txt" }, "r2"),
          toolCall("glob", { pattern: "*.txt" }, "g1"),
        ),
        reply.text("read them"),
      ],
    });
    fs.writeFileSync(s.at("a.txt"), "a\n");
    fs.writeFileSync(s.at("b.txt"), "b\n");
    await s.runtime.prompt("read");
    await s.runtime.close();
    const lines = fs.readFileSync(s.at("calls.log"), "utf8").trim().split("\n").sort();
    expect(lines).toEqual(["post g1", "post r1", "post r2", "pre g1", "pre r1", "pre r2"]);
  });

  it("the kernel has no notion of hooks: agentcore neither depends on the hooks package nor names hooks in code", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(agentcore, "package.json"), "utf8"));
    expect(Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })).not.toContain(
      "@codebot/hooks",
    );
    const sources = fs
      .readdirSync(path.join(agentcore, "src"), { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".ts"));
    expect(sources.length).toBeGreaterThan(5);
    for (const file of sources) {
      // Code only: a comment may explain how hooks plug in, the code must not know them.
      const code = fs
        .readFileSync(path.join(agentcore, "src", file), "utf8")
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .replace(/(^|[^:])\/\/.*$/gm, "$1");
      expect(code, file).not.toMatch(/hook/i);
    }
  });
});
