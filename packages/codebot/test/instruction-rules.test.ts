import path from "node:path";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { rulePaths } from "../src/instructions/rule-paths.js";
import { promptText, scratchDir, startSession } from "./support/e2e.js";
import { writeFile } from "./support/temp-dirs.js";

describe("rule front-matter paths", () => {
  it("reads a single glob, an inline list and a block list; no paths key means always", () => {
    expect(rulePaths('---\npaths: "src/**/*.ts"\n---\nbody')).toEqual(["src/**/*.ts"]);
    expect(rulePaths("---\npaths: [\"a/**\", 'b/*.md']\n---\n")).toEqual(["a/**", "b/*.md"]);
    expect(rulePaths('---\ndescription: x\npaths:\n  - src/**\n  - "test/*.ts"\nname: y\n---\n')).toEqual([
      "src/**",
      "test/*.ts",
    ]);
    expect(rulePaths("---\ndescription: x\n---\nbody")).toBeUndefined();
    expect(rulePaths("no front-matter\npaths: x")).toBeUndefined();
  });
});

describe(".claude/rules files", () => {
  it("a rule without paths is given at start; one with paths only with the read of a matching file", async () => {
    const project = scratchDir("codebot-project-");
    const home = scratchDir("codebot-home-");
    writeFile(path.join(project, ".claude", "rules", "general.md"), "Always be kind.");
    const tsRule = writeFile(
      path.join(project, ".claude", "rules", "lang", "ts.md"),
      '---\npaths: ["src/**/*.ts"]\n---\nNo any in TypeScript.',
    );
    writeFile(path.join(home, ".claude", "rules", "mine.md"), "User rule.");
    writeFile(path.join(project, "README.md"), "readme");
    writeFile(path.join(project, "src", "x.ts"), "let x = 1;");
    const s = await startSession({
      dirs: { project, home },
      script: [
        reply.toolCalls(toolCall("read", { file_path: "README.md" }, "r1")),
        reply.toolCalls(toolCall("read", { file_path: "src/x.ts" }, "r2")),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    const [context] = promptText(s.model.requests[0], "user");
    expect(context).toContain("Always be kind.");
    expect(context).toContain("User rule.");
    expect(context).not.toContain("No any in TypeScript.");
    const tools = promptText(s.model.requests[2], "tool");
    expect(tools[0]).not.toContain("No any in TypeScript.");
    expect(tools[1]).toContain(`Contents of ${tsRule}`);
    expect(tools[1]).toContain("No any in TypeScript.");
  });

  it('"claudeCompat": false reads no rules', async () => {
    const project = scratchDir("codebot-project-");
    const home = scratchDir("codebot-home-");
    writeFile(path.join(project, ".claude", "rules", "general.md"), "Always be kind.");
    writeFile(path.join(project, "AGENTS.md"), "agents");
    const s = await startSession({
      dirs: { project, home },
      user: { claudeCompat: false },
      script: [reply.text("ok")],
    });
    await s.runtime.prompt("hi");
    expect(promptText(s.model.requests[0], "user").join("\n")).not.toContain("Always be kind.");
  });
});
