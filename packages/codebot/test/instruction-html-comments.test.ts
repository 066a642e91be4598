import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { loadInstructions } from "../src/instructions/load-instructions.js";
import { promptText, scratchDir, startSession } from "./support/e2e.js";
import { writeFile } from "./support/temp-dirs.js";

/** A git project with empty user folders. */
function layout() {
  const root = scratchDir("codebot-comments-repo-");
  fs.mkdirSync(path.join(root, ".git"));
  const codebotHome = scratchDir("codebot-comments-home-");
  return {
    root,
    cwd: root,
    codebotHome,
    claudeHome: path.join(codebotHome, ".claude"),
    homeDir: scratchDir("codebot-comments-userhome-"),
    claudeCompat: true,
  };
}

// Hand-made, with the shapes of wohlford/dotclaude's CLAUDE.md (`<!-- sync:skills … -->` markers
// around a generated table); the expected text is what claude 2.1.328 sent its model for it.
const FILE = [
  "# T",
  "para A <!-- inline-one --> B",
  "<!-- block-one -->",
  "after-one",
  "",
  "<!-- block-two",
  "multi-line -->",
  "",
  "after-two",
  "```html",
  "<!-- in-fence -->",
  "```",
  "<!-- x-one --> trailing-text",
  "  <!-- indented-two -->",
  "    <!-- indented-four -->",
  "",
  "text `<!-- in-span -->` end",
  "<!-- unclosed-comment",
  "last-line",
].join("\n");

const AS_CLAUDE_GAVE_IT = [
  "# T",
  "para A <!-- inline-one --> B",
  "after-one",
  "",
  "after-two",
  "```html",
  "<!-- in-fence -->",
  "```",
  " trailing-text",
  "    <!-- indented-four -->",
  "",
  "text `<!-- in-span -->` end",
  "<!-- unclosed-comment",
  "last-line",
].join("\n");

describe("HTML comments in instruction files", () => {
  it("a comment starting a line is left out, as claude leaves it out; inline, fenced and unclosed ones stay", () => {
    const w = layout();
    writeFile(path.join(w.root, "CLAUDE.md"), FILE);
    expect(loadInstructions(w).files.map((f) => f.text)).toEqual([AS_CLAUDE_GAVE_IT]);
  });

  it("an @import inside a left-out comment is not followed; one outside is, and its comments go too", () => {
    const w = layout();
    const main = writeFile(
      path.join(w.root, "CLAUDE.md"),
      "<!-- @hidden.md -->\n<!--\n@hidden2.md\n-->\n@shown.md\n",
    );
    writeFile(path.join(w.root, "hidden.md"), "HIDDEN1");
    writeFile(path.join(w.root, "hidden2.md"), "HIDDEN2");
    const shown = writeFile(path.join(w.root, "shown.md"), "SHOWN\n<!-- shown-block -->\nshown-end");
    const loaded = loadInstructions(w);
    expect(loaded.problems).toEqual([]);
    expect(loaded.files.map((f) => [f.path, f.text])).toEqual([
      [main, "@shown.md\n"],
      [shown, "SHOWN\nshown-end"],
    ]);
  });

  it("the model is not sent a user CLAUDE.md's sync markers", async () => {
    const project = scratchDir("codebot-project-");
    const home = scratchDir("codebot-home-");
    fs.mkdirSync(path.join(project, ".git"));
    writeFile(
      path.join(home, ".claude", "CLAUDE.md"),
      "Skills:\n\n<!-- sync:skills cols=Command:key -->\n| `/debrief` | end of session |\n<!-- /sync:skills -->\n\nMore.",
    );
    const s = await startSession({ dirs: { project, home }, script: [reply.text("ok")] });
    await s.runtime.prompt("go");
    const [context] = promptText(s.model.requests[0], "user");
    expect(context).toContain("Skills:\n\n| `/debrief` | end of session |\nMore.");
    expect(context).not.toContain("sync:skills");
  });
});
