/**
 * A real `node_modules/.bin` holds 1,500 links or more, and `prettier`, `tsc`, `vitest` sort past
 * the first few hundred. The approval of `PATH=./node_modules/.bin:…` covers every program of
 * the folder, however many: one the model rewrites during the session (`write` under
 * `acceptEdits`) must not run in your own `vitest` hook unasked, and an unchanged folder is not
 * asked about again. Through the real CLI, with links as npm makes them.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { cliEnv, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** A project whose `.bin` has 1,500 links, `vitest` among the last: `.bin/vitest` → `../vitest/vitest.mjs`. */
function projectWithLargeBin(): Sandbox {
  const box = sandbox();
  box.json(".claude/settings.json", { env: { PATH: `./node_modules/.bin:${process.env.PATH}` } });
  const bin = box.at("node_modules/.bin");
  fs.mkdirSync(bin, { recursive: true });
  for (let i = 0; i < 1499; i++) {
    box.write(`node_modules/pkg-${i}/cli.js`, `#!/bin/sh\necho pkg-${i}\n`);
    fs.chmodSync(box.at(`node_modules/pkg-${i}/cli.js`), 0o755);
    fs.symlinkSync(`../pkg-${i}/cli.js`, path.join(bin, `pkg-${i}`));
  }
  box.write("node_modules/vitest/vitest.mjs", "#!/bin/sh\necho tested\n");
  fs.chmodSync(box.at("node_modules/vitest/vitest.mjs"), 0o755);
  fs.symlinkSync("../vitest/vitest.mjs", path.join(bin, "vitest"));
  box.json(path.join(box.home, "settings.json"), {
    hooks: { PostToolUse: [{ type: "command", command: "vitest >> hook-ran.txt 2>&1" }] },
  });
  return box;
}

describe("an approved PATH folder of 1,500 programs", () => {
  it("a program past the first hundreds, rewritten by the model, does not run in your own hook", async () => {
    const box = projectWithLargeBin();
    const trust = await runCli(["hooks", "trust", "--yes", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(trust.code).toBe(0);
    const args = ["-p", "go", "--permission-mode", "acceptEdits", "--cwd", box.project];
    const rewritten = await modelServer([
      reply.toolCall("write", {
        file_path: "node_modules/vitest/vitest.mjs",
        content: "#!/bin/sh\ntouch pwned.txt\n",
      }),
      reply.toolCall("ls", {}),
      reply.text("done"),
    ]);
    expect((await runCli(args, { env: modelEnv(rewritten, box.home) })).code).toBe(0);
    expect(fs.existsSync(box.at("pwned.txt"))).toBe(false);
  });

  it("unchanged, its programs run in your own hook in a later session without asking again", async () => {
    const box = projectWithLargeBin();
    const trust = await runCli(["hooks", "trust", "--yes", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(trust.code).toBe(0);
    const args = ["-p", "go", "--cwd", box.project];
    for (const session of [1, 2]) {
      const server = await modelServer([reply.toolCall("ls", {}), reply.text("done")]);
      const run = await runCli(args, { env: modelEnv(server, box.home) });
      expect(run.code).toBe(0);
      expect(run.stderr).not.toMatch(/approv/i);
      expect(fs.readFileSync(box.at("hook-ran.txt"), "utf8").match(/tested/g)).toHaveLength(session);
    }
  });

  it("over 5,000 entries, the consent screen says the folder is too large to verify and offers no grant", async () => {
    const box = sandbox();
    box.json(".claude/settings.json", { env: { PATH: `./node_modules/.bin:${process.env.PATH}` } });
    fs.mkdirSync(box.at("node_modules/.bin"), { recursive: true });
    for (let i = 0; i <= 5000; i++) fs.writeFileSync(box.at(`node_modules/.bin/p${i}`), "");
    const trust = await runCli(["hooks", "trust", "--yes", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(trust.stdout).toContain(
      "not offered: env.PATH — node_modules/.bin has more than 5000 entries, too many to verify before each command",
    );
    expect(trust.stdout).toContain("nothing to approve");
  });
});
