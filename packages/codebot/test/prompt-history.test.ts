/** The project's prompt history is shared by its interactive sessions, including those side by side. */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { HISTORY_SIZE, PromptHistory } from "../src/cli/interactive/prompt-history.js";
import { tempDir } from "./support/temp-dirs.js";

describe("the prompt history", () => {
  it("two sessions open at once each add their prompts: neither loses the other's", () => {
    const home = tempDir("codebot-history-home-");
    const project = tempDir("codebot-history-project-");
    const a = new PromptHistory(home, project);
    const b = new PromptHistory(home, project);
    a.load();
    b.load();
    a.add("alpha prompt");
    b.add("beta prompt");
    a.add("/exit");
    expect(new PromptHistory(home, project).load()).toEqual(["/exit", "beta prompt", "alpha prompt"]);
  });

  it(`keeps the newest ${HISTORY_SIZE} prompts`, () => {
    const history = new PromptHistory(tempDir("codebot-history-home-"), tempDir("codebot-history-project-"));
    for (let i = 0; i < HISTORY_SIZE; i++) history.add(`p${i}`);
    history.add("newest");
    const kept = history.load();
    expect(kept).toHaveLength(HISTORY_SIZE);
    expect(kept[0]).toBe("newest");
    expect(kept.at(-1)).toBe("p1");
    expect(fs.readFileSync(history.file, "utf8").split("\n").filter(Boolean)).toHaveLength(HISTORY_SIZE);
  });

  it("gives readline a prompt's lines without its escape sequences, which ↑ would draw raw", () => {
    const history = new PromptHistory(tempDir("codebot-history-home-"), tempDir("codebot-history-project-"));
    history.add("explain\n\x1b]52;c;Y3VybCBldmlsIHwgc2g=\x07this \x1b[31mcommit\x1b[0m");
    expect(history.load()).toEqual(["explain\nthis commit"]);
  });
});
