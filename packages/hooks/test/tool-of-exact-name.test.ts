import { describe, expect, it } from "vitest";
import { toolOfExactName } from "../src/tool-aliases.js";

// Transcripts are written by programs (codebot, claude): a name counts only as they spell it.
describe("toolOfExactName", () => {
  it("gives codebot's tool for its own name or its Claude Code name, and keeps any other name as it is", () => {
    expect(["Bash", "bash", "Write", "Task", "Agent", "ListMcpResourcesTool"].map(toolOfExactName)).toEqual([
      "bash",
      "bash",
      "write",
      "agent",
      "agent",
      "list_mcp_resources",
    ]);
    expect(["BASH", "mcp__Git__Status", "my_tool"].map(toolOfExactName)).toEqual([
      "BASH",
      "mcp__Git__Status",
      "my_tool",
    ]);
  });
});
