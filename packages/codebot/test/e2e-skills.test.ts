import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { scratchDir, startSession, toolResultFor } from "./support/e2e.js";

/** A user skill `/careful` whose front-matter hook refuses bash calls. */
function carefulSkill(home: string): void {
  const file = path.join(home, "skills/careful/SKILL.md");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    "---\ndescription: careful\nhooks:\n  PreToolUse:\n    - matcher: Bash\n      hooks:\n        - type: command\n          command: \"echo 'careful says no' >&2; exit 2\"\n---\nCareful.\n",
  );
}

describe("a skill's hooks and the conversation they were loaded in", () => {
  it("are in force after /careful, and leave with /clear (a fresh conversation)", async () => {
    const home = scratchDir("codebot-home-");
    carefulSkill(home);
    const s = await startSession({
      dirs: { project: scratchDir("codebot-project-"), home },
      script: [
        reply.toolCall("bash", { command: "echo one > one.txt" }, "c1"),
        reply.text("refused"),
        reply.toolCall("bash", { command: "echo two > two.txt" }, "c2"),
        reply.text("ran"),
      ],
    });
    await s.runtime.prompt("/careful");
    expect(toolResultFor(s.model, "c1")?.text).toContain("careful says no");
    expect(fs.existsSync(s.at("one.txt"))).toBe(false);
    s.runtime.clear();
    await s.runtime.prompt("go on");
    expect(fs.readFileSync(s.at("two.txt"), "utf8")).toBe("two\n");
  });
});
