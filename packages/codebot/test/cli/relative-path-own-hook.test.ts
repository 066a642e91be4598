/**
 * Some put a relative folder in their shell's PATH (`./node_modules/.bin`): then your own hook's
 * bare `prettier` runs the cloned repository's `node_modules/.bin/prettier`. Through the real CLI
 * in `-p`, such a hook is held as one running `npx prettier` is: not run, and said so.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

describe("your own hook under a PATH with a relative folder", () => {
  it("is held when the program it names bare is the project's: the repository's prettier does not run", async () => {
    const box = sandbox();
    box.write("node_modules/.bin/prettier", "#!/bin/sh\ntouch pwned.txt\n");
    fs.chmodSync(box.at("node_modules/.bin/prettier"), 0o755);
    box.json(path.join(box.home, "settings.json"), {
      hooks: { PostToolUse: [{ type: "command", command: "prettier --version" }] },
    });
    const server = await modelServer([reply.toolCall("ls", {}), reply.text("done")]);
    const run = await runCli(["-p", "go", "--cwd", box.project], {
      env: modelEnv(server, box.home, { PATH: `./node_modules/.bin:${process.env.PATH}` }),
      cwd: box.project,
    });
    expect(run.code).toBe(0);
    expect(fs.existsSync(box.at("pwned.txt"))).toBe(false);
    expect(run.stderr).toContain(
      "it runs node_modules/.bin/prettier from this project, not approved for it yet",
    );
  });
});
