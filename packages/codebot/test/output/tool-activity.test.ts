/** A sub-agent's tool call in claude's words, for stream-json's task_progress lines. */
import { describe, expect, it } from "vitest";
import { toolActivity } from "../../src/cli/output/tool-activity.js";

const call = (name: string, args: Record<string, unknown>) => ({ id: "c1", name, args });

describe("toolActivity", () => {
  it("a command is its description when it has one, else the command on one line", () => {
    expect(toolActivity(call("bash", { command: "make test", description: "run the tests" }))).toBe(
      "Running run the tests",
    );
    expect(toolActivity(call("bash", { command: "echo one\necho two" }))).toBe("Running echo one echo two");
  });

  it("a file is named by its base name, a search by its pattern, any other tool by claude's name for it", () => {
    expect(toolActivity(call("read", { file_path: "/p/src/f.txt" }))).toBe("Reading f.txt");
    expect(toolActivity(call("edit", { file_path: "/p/a.ts" }))).toBe("Editing a.ts");
    expect(toolActivity(call("grep", { pattern: "TODO" }))).toBe("Searching for TODO");
    expect(toolActivity(call("glob", { pattern: "**/*.ts" }))).toBe("Finding **/*.ts");
    expect(toolActivity(call("ls", { path: "." }))).toBe("LS");
  });
});
