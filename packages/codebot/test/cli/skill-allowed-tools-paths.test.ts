/**
 * A skill's `allowed-tools` path rules, each form anchored as claude 2.1.328 anchors it (recorded
 * in `-p`, the default mode, a user skill and a project skill alike): `Edit(//abs/**)` at the
 * file system's root, `Edit(/src/**)` at the project folder (not the skill's, not `/src`),
 * `Edit(~/x/**)` at the home folder. Its Write to each ran unasked; one to another file was refused.
 */
import fs from "node:fs";
import path from "node:path";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

describe("a skill's allowed-tools path rules", { timeout: 60_000 }, () => {
  it("//abs is the file system's, /src the project's, ~/ the home's: writes there run unasked, others not", async () => {
    const box = sandbox();
    // The project in the home folder, so that a ~/ rule can name a folder of it.
    const project = path.join(box.home, "p");
    fs.mkdirSync(project);
    box.write(
      path.join(box.home, ".claude/skills/s/SKILL.md"),
      `---\ndescription: Write\nallowed-tools: Edit(/${project}/abs/**) Edit(/src/**) Edit(~/p/tl/**)\n---\nWrite.\n`,
    );
    const files = ["abs/n.txt", "src/n.txt", "tl/n.txt", "other.txt"];
    const server = await modelServer([
      reply.toolCalls(
        ...files.map((file, i) =>
          toolCall("write", { file_path: path.join(project, file), content: "n\n" }, `w${i}`),
        ),
      ),
      reply.text("done"),
    ]);
    // codebot's own folder elsewhere: the project would be in it, where every write asks.
    const env = modelEnv(server, box.home, { CODEBOT_HOME: path.join(box.home, ".codebot") });
    const r = await runCli(["-p", "/s", "--cwd", project], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(files.map((file) => [file, fs.existsSync(path.join(project, file))])).toEqual([
      ["abs/n.txt", true],
      ["src/n.txt", true],
      ["tl/n.txt", true],
      ["other.txt", false],
    ]);
  });
});
