import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { allows } from "./support/bash-rules.js";
import { startSession, toolResultFor } from "./support/e2e.js";

// Recorded with claude 2.1.328 under schoblaska/dotclaude's `Bash(find:*)` allow rule: "find with
// '-delete' executes commands or modifies files — cannot be auto-allowed by a Bash(find:*) prefix rule".
describe("a find rule and the find actions that remove or write files", () => {
  it("a prefix or wildcard rule for find does not allow -delete or a -fprint file", () => {
    expect(allows("Bash(find:*)", "find . -name '*.txt' -delete")).toBe(false);
    expect(allows("Bash(find:*)", "find . -fprint out.txt")).toBe(false);
    expect(allows("Bash(find:*)", "find . -fls out.txt")).toBe(false);
    expect(allows("Bash(find *)", "find . -name '*.txt' -delete")).toBe(false);
    expect(allows("Bash(find:*)", "timeout 5 find . -name '*.log' -delete")).toBe(false);
  });

  it("the same rule still allows a find that only looks; a rule for the whole line or for Bash allows -delete", () => {
    expect(allows("Bash(find:*)", "find . -name a.txt")).toBe(true);
    expect(allows("Bash(find . -delete)", "find . -delete")).toBe(true);
    expect(allows("Bash(*)", "find . -delete")).toBe(true);
    expect(allows("Bash", "find . -delete")).toBe(true);
  });

  it("the model's find -delete under Bash(find:*) is not run unasked", async () => {
    const s = await startSession({
      user: { permissions: { allow: ["Bash(find:*)"] } },
      runtime: { permissionMode: "ask" },
      script: [
        reply.toolCall("bash", { command: "find . -name '*.txt' -delete" }, "b1"),
        reply.toolCall("bash", { command: "find . -name keep.txt" }, "b2"),
        reply.text("done"),
      ],
    });
    fs.writeFileSync(s.at("keep.txt"), "kept\n");
    await s.runtime.prompt("go");
    await s.runtime.close();
    expect(toolResultFor(s.model, "b1")?.text).toMatch(/^permission denied: bash needs approval/);
    expect(fs.existsSync(s.at("keep.txt"))).toBe(true);
    expect(toolResultFor(s.model, "b2")?.text).toContain("keep.txt");
  });
});
