import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runnerFor } from "./support.js";

const expansion = {
  commandName: "deploy",
  commandArgs: "prod",
  commandSource: "project",
  expansionType: "slash_command",
  prompt: "/deploy prod",
};

describe("UserPromptExpansion and PreSkillShellCommand (event table rows)", () => {
  it("a native entry's matcher is compared with the command's name; its block vetoes the expansion", async () => {
    const { runner, dir } = runnerFor({
      UserPromptExpansion: [
        { type: "command", matcher: "review", blocking: true, command: "exit 2" },
        {
          type: "command",
          matcher: "deploy",
          blocking: true,
          command: "cat > payload.json; echo 'frozen' >&2; exit 2",
        },
      ],
    });
    const decision = await runner.fire("UserPromptExpansion", expansion);
    expect(decision).toMatchObject({ kind: "block", reason: "frozen" });
    expect(decision.trace.map((t) => t.skipped)).toEqual(["matcher", undefined]);
    expect(JSON.parse(readFileSync(join(dir, "payload.json"), "utf8"))).toMatchObject({
      event: "UserPromptExpansion",
      command_name: "deploy",
      command_args: "prod",
      command_source: "project",
      expansion_type: "slash_command",
      prompt: "/deploy prod",
    });
  });

  it("a native PreSkillShellCommand entry's `if` is searched in the shell command", async () => {
    const { runner } = runnerFor({
      PreSkillShellCommand: [{ type: "command", if: "/rm\\s+-rf/", blocking: true, command: "exit 2" }],
    });
    const fire = (shellCommand: string) =>
      runner.fire("PreSkillShellCommand", {
        commandName: "clean",
        commandArgs: "",
        commandSource: "user",
        shellCommand,
      });
    expect((await fire("rm -rf build")).kind).toBe("block");
    expect((await fire("ls build")).kind).toBe("allow");
  });

  it("a Claude Code group of UserPromptExpansion gives plain stdout as context", async () => {
    const { runner } = runnerFor({
      UserPromptExpansion: [
        { matcher: "dep.*", hooks: [{ type: "command", command: "echo 'it is Friday'" }] },
      ],
    });
    expect(await runner.fire("UserPromptExpansion", expansion)).toMatchObject({
      kind: "allow",
      context: "it is Friday",
    });
  });
});
