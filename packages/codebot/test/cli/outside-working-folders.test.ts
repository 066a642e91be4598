/**
 * `permissions.blockReadsOutsideWorkingDirectories` / `blockWritesOutsideWorkingDirectories` for
 * bash lines, through the built CLI in bypassPermissions: a line reading or writing a path outside
 * the project and its added folders is refused. claude 2.1.328 refused such reads in bypass mode
 * too (recorded: "Reads outside the working directories are blocked"); its bash writes there ran.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { tempDir } from "../support/temp-dirs.js";
import { modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** Runs one bash line in bypass mode under `permissions`, and returns what the model got back. */
async function runLine(command: string, permissions: Record<string, unknown>) {
  const box = sandbox();
  box.json(".claude/settings.json", { permissions });
  box.write("README.md", "inside\n");
  const server = await modelServer([reply.toolCall("bash", { command }, "b1"), reply.text("done")]);
  const r = await runCli(["-p", "go", "--cwd", box.project, "--permission-mode", "bypassPermissions"], {
    env: modelEnv(server, box.home),
  });
  expect(r.code).toBe(0);
  return { sent: requestText(server.requests[1]), settings: box.at(".claude/settings.json") };
}

/** A folder outside the project holding `secret.txt`. */
function outsideFolder() {
  const outside = tempDir("codebot-outside-");
  const secret = path.join(outside, "secret.txt");
  fs.writeFileSync(secret, "OUTSIDE-789\n");
  return { outside, secret };
}

describe("bash lines outside the working folders", { timeout: 60_000 }, () => {
  it("blockReadsOutsideWorkingDirectories refuses a line reading an outside file, naming the setting's file", async () => {
    const { secret } = outsideFolder();
    const { sent, settings } = await runLine(`cat ${secret}`, { blockReadsOutsideWorkingDirectories: true });
    expect(sent).not.toContain("OUTSIDE-789");
    expect(sent).toContain(
      `bash reads ${secret}, outside the project and its added folders: reads there are blocked (permissions.blockReadsOutsideWorkingDirectories in ${settings})`,
    );
  });

  it("blockReadsOutsideWorkingDirectories refuses a search of an outside folder (grep -r)", async () => {
    const { outside } = outsideFolder();
    const { sent } = await runLine(`grep -r OUTSIDE ${outside}`, {
      blockReadsOutsideWorkingDirectories: true,
    });
    expect(sent).not.toContain("OUTSIDE-789");
    expect(sent).toContain(`bash reads ${outside}, outside the project`);
  });

  it("blockWritesOutsideWorkingDirectories refuses a line writing outside; nothing is written", async () => {
    const { outside } = outsideFolder();
    const target = path.join(outside, "w1.txt");
    const { sent } = await runLine(`echo x > ${target}`, { blockWritesOutsideWorkingDirectories: true });
    expect(fs.existsSync(target)).toBe(false);
    expect(sent).toContain(
      `bash writes ${target}, outside the project and its added folders: writes there are blocked (permissions.blockWritesOutsideWorkingDirectories`,
    );
  });

  it("lines inside the project, and /dev/null, run under both settings", async () => {
    const { sent } = await runLine("cat README.md /dev/null > /dev/null; cat README.md", {
      blockReadsOutsideWorkingDirectories: true,
      blockWritesOutsideWorkingDirectories: true,
    });
    expect(sent).toContain("inside");
    expect(sent).not.toContain("permission denied");
  });
});
