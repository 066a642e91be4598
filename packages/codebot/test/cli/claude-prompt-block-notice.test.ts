import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { printRun } from "./support/cli-fixtures.js";
import { jsonLines, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** Claude Code settings with one UserPromptSubmit command hook. */
function promptHook(command: string): Record<string, unknown> {
  return { hooks: { UserPromptSubmit: [{ hooks: [{ type: "command", command }] }] } };
}

describe("a prompt refused by a Claude Code command hook, as claude 2.1.328 shows it", () => {
  it("an exit 2 names the command in brackets and keeps its stderr as written; the outcome's reason is trimmed", async () => {
    const hook = "printf 'no keys in prompts\\n\\n' >&2; exit 2";
    const { server, r } = await printRun("deploy with AKIA1234", [reply.text("never")], {
      flags: ["--output-format", "stream-json", "--verbose"],
      settings: promptHook(hook),
    });
    expect(r.code).toBe(0);
    const content = `UserPromptSubmit operation blocked by hook:\n[${hook}]: no keys in prompts\n\n\n\nOriginal prompt: deploy with AKIA1234`;
    const lines = jsonLines(r.stdout);
    expect(lines.find((l) => l.subtype === "informational")).toMatchObject({
      content,
      prompt_submit_outcome: { kind: "blocked_by_hook", reason: "no keys in prompts" },
    });
    expect(lines.find((l) => l.type === "result")).toMatchObject({ result: content });
    expect(server.requests).toHaveLength(0);
  });

  it("a JSON decision block shows its reason alone", async () => {
    const { r } = await printRun("x", [], {
      settings: promptHook(`echo '{"decision":"block","reason":"not today"}'`),
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("UserPromptSubmit operation blocked by hook:\nnot today\n\nOriginal prompt: x\n");
  });
});
