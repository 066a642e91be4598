/**
 * A user's own hook that runs a program of a freshly cloned repository (`npx prettier` → the
 * repository's `node_modules/.bin/prettier`): `-p` holds it and says which program; `codebot hooks
 * trust` lists it with the program, and once approved it runs.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { cliEnv, runCli, useBuiltCli } from "./support/cli-process.js";
import { TmuxSession } from "./support/tmux.js";

useBuiltCli();

describe("a user's own hook running the project's node_modules/.bin program", () => {
  it("is held by -p until `hooks trust` approves it for the project, then runs", async () => {
    const box = sandbox();
    box.write("node_modules/.bin/prettier", "#!/bin/sh\necho ran >> prettier.log\n");
    fs.chmodSync(box.at("node_modules/.bin/prettier"), 0o755);
    box.json(path.join(box.home, "settings.json"), {
      hooks: { UserPromptSubmit: [command("npx --no-install prettier --write x")] },
    });
    const server = await modelServer([reply.text("one"), reply.text("two")]);
    const env = modelEnv(server, box.home);

    const held = await runCli(["-p", "hi", "--cwd", box.project], { env });
    expect(held.code).toBe(0);
    expect(fs.existsSync(box.at("prettier.log"))).toBe(false);
    expect(held.stderr).toContain(
      'was not run: it runs node_modules/.bin/prettier from this project, not approved for it yet; run "codebot hooks trust" to review it',
    );

    const trust = await runCli(["hooks", "trust", "--yes", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(trust.code).toBe(0);
    expect(trust.stdout).toContain("runs node_modules/.bin/prettier (its content is approved too)");
    expect(trust.stdout).toContain("approved 1 hook(s)");

    expect((await runCli(["-p", "hi", "--cwd", box.project], { env })).code).toBe(0);
    expect(fs.readFileSync(box.at("prettier.log"), "utf8")).toBe("ran\n");
  });

  it("interactive: the question says it is your own hook that would run the project's program", {
    timeout: 120_000,
  }, async () => {
    const box = sandbox();
    box.write("node_modules/.bin/prettier", "#!/bin/sh\necho ran >> prettier.log\n");
    fs.chmodSync(box.at("node_modules/.bin/prettier"), 0o755);
    box.json(path.join(box.home, "settings.json"), {
      hooks: { UserPromptSubmit: [command("npx --no-install prettier --write x")] },
    });
    const server = await modelServer([reply.text("answered")]);
    const term = TmuxSession.start({ dir: box.project, env: modelEnv(server, box.home), args: [] });
    const screen = await term.waitForScreen("allow them?");
    expect(screen).toContain(`Your own hooks would run programs of this project (${box.project}):`);
    expect(screen).not.toContain("This project's settings");
    term.type("y");
    await term.waitForScreen(/^›/m);
    term.submit("hi");
    await term.waitForScreen(/^answered$/m);
    expect(fs.readFileSync(box.at("prettier.log"), "utf8")).toBe("ran\n");
  });
});
