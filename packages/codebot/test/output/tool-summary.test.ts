import { describe, expect, it } from "vitest";
import { callSummary, resultSummary } from "../../src/cli/output/tool-summary.js";

const call = (name: string, args: Record<string, unknown>) => ({ id: "c1", name, args });

describe("resultSummary", () => {
  it("a line a carriage return went back over is summed up as the terminal left it: its last drawing", () => {
    expect(resultSummary({ content: "one\r\x1b[2Kdone\n", isError: false })).toBe("done");
    expect(resultSummary({ content: "building 10%\rbuilding 100%\r\n", isError: false })).toBe(
      "building 100%",
    );
    expect(resultSummary({ content: "0%\r50%\r100%\nPASS\n", isError: false })).toBe("2 lines");
    expect(
      resultSummary({ content: "compiling 10%\rerror: no such file\n[exit code 1]", isError: true }),
    ).toBe("error: no such file … [exit code 1]");
  });

  it("an output whose middle was cut for the model says so: its line count is of what was left", () => {
    const content = "1\n2\n3\n[… 198894 characters of output cut …]\n39999\n40000";
    expect(resultSummary({ content, isError: false })).toBe("5 lines, 198894 characters cut from the middle");
  });
});

describe("callSummary", () => {
  it("an agent call is shown by its description, as Claude Code's Agent calls are, else its name or type", () => {
    expect(callSummary(call("agent", { prompt: "p", description: "Find the tests" }))).toBe("Find the tests");
    expect(callSummary(call("agent", { prompt: "p", name: "scout" }))).toBe("scout");
    expect(callSummary(call("agent", { prompt: "p", subagent_type: "general-purpose" }))).toBe(
      "general-purpose",
    );
  });

  it("an agent call's description is a label: escape sequences dropped, line breaks and reordering written out, cut to 80 columns", () => {
    const shown = callSummary(
      call("agent", {
        prompt: "p",
        description: `Fix\x1b]52;c;ZWNobyBoaQ==\x07 it\n\u2713 bash ok\u202e${"x".repeat(100_000)}`,
      }),
    );
    expect(shown.startsWith("Fix it\\n\u2713 bash ok\\u202exxx")).toBe(true);
    expect(shown).toHaveLength(80);
    expect(shown.endsWith("x…")).toBe(true);
    // An empty one is none: the name or the type shows.
    expect(callSummary(call("agent", { prompt: "p", description: "", name: "scout" }))).toBe("scout");
  });

  it("another tool's arguments are shown as JSON cut to 200 columns: a 5 MB plan is not drawn whole", () => {
    const shown = callSummary(call("exit_plan_mode", { plan: `${"x".repeat(999)}\n`.repeat(5000) }));
    expect(shown).toBe(`{"plan":"${"x".repeat(190)}…`);
    expect(callSummary(call("exit_plan_mode", { plan: "# Plan" }))).toBe('{"plan":"# Plan"}');
  });

  it("a bash command past 2,000 characters is its first 1,000 and last 500 around how much is not shown", () => {
    const shown = callSummary(call("bash", { command: `mkdir a${"x".repeat(5_000_000)}z` }));
    expect(shown).toBe(
      `mkdir a${"x".repeat(993)} …[4,998,508 characters not shown (5,000,008 in all)]… ${"x".repeat(499)}z`,
    );
    expect(callSummary(call("bash", { command: "ls -la" }))).toBe("ls -la");
  });

  it("a path with a line break or a character that reorders text is written out, as the approval question shows it", () => {
    expect(callSummary(call("write", { file_path: "two\nlines.md" }))).toBe("two\\nlines.md");
    expect(callSummary(call("read", { file_path: "evil\u202etxt.exe" }))).toBe("evil\\u202etxt.exe");
    expect(callSummary(call("glob", { pattern: "**/*\u200b.md" }))).toBe("**/*\\u200b.md");
  });

  it("a file's name keeps its escape sequences, written out, as /rewind and the approval question show it", () => {
    expect(callSummary(call("write", { file_path: "n\x1b[31m.txt" }))).toBe("n\\x1b[31m.txt");
    expect(callSummary(call("edit", { file_path: "a\x1b]0;t\x07.md" }))).toBe("a\\x1b]0;t\\x07.md");
    expect(callSummary(call("read", { file_path: "r\x9b2J.txt" }))).toBe("r\\x9b2J.txt");
  });

  it("a command keeps its line breaks (a heredoc stays readable); only what hides or reorders text is written out", () => {
    expect(callSummary(call("bash", { command: "cat <<EOF\nhi \u202e\nEOF" }))).toBe(
      "cat <<EOF\nhi \\u202e\nEOF",
    );
  });

  it("names with accents, Chinese and emoji are shown as they are", () => {
    expect(callSummary(call("write", { file_path: "notes/über naïve 文件-😀.md" }))).toBe(
      "notes/über naïve 文件-😀.md",
    );
  });
});

describe("the result's one line", () => {
  it("of write and edit keeps the file's escape sequences, written out, as the call's summary does", () => {
    const wrote = { content: "created n\x1b[31m.txt (4 bytes)", isError: false };
    expect(resultSummary(wrote, "write")).toBe("created n\\x1b[31m.txt (4 bytes)");
    expect(resultSummary({ content: "edited n\x1b[31m.txt (1 replacement)", isError: false }, "edit")).toBe(
      "edited n\\x1b[31m.txt (1 replacement)",
    );
    // Another tool's output is drawn as a terminal would, its colours dropped.
    expect(resultSummary({ content: "\x1b[32mok\x1b[0m", isError: false }, "bash")).toBe("ok");
  });

  it("writes out a character that reorders text: a created file's name reads as it is", () => {
    expect(resultSummary({ content: "created evil\u202etxt.exe (2 bytes)", isError: false })).toBe(
      "created evil\\u202etxt.exe (2 bytes)",
    );
  });
});
