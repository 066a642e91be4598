import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { tempDir } from "../support/temp-dirs.js";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { cliPath, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** `sh -c` in a user and mount namespace of its own, where `$CODEBOT_HOME` is a read-only tmpfs. */
const READ_ONLY_HOME = [
  ...["--user", "--map-root-user", "--mount", "sh", "-c"],
  'mount -t tmpfs -o ro tmpfs "$CODEBOT_HOME" && exec "$@"',
  "sh",
];

/** Whether this machine lets a test mount a file system in namespaces of its own. */
function canMountReadOnly(): boolean {
  const home = tempDir("codebot-ro-probe-");
  const env = { ...process.env, CODEBOT_HOME: home };
  return spawnSync("unshare", [...READ_ONLY_HOME, "true"], { env }).status === 0;
}

/** The built CLI with its CODEBOT_HOME mounted read-only. */
function runOnReadOnlyHome(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stderr: string }> {
  const child = spawn("unshare", [...READ_ONLY_HOME, process.execPath, cliPath, ...args], { env });
  let stderr = "";
  child.stderr.on("data", (d) => {
    stderr += String(d);
  });
  child.stdin.end();
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stderr })));
}

describe("a CODEBOT_HOME where the transcript cannot be created", () => {
  it("one clear line, and the prompt still runs, unrecorded", async () => {
    const box = sandbox();
    // `projects` is a file: no directory can be made under it, whoever runs the test.
    fs.writeFileSync(path.join(box.home, "projects"), "");
    const server = await modelServer([reply.text("answered anyway")]);
    const r = await runCli(["-p", "hi", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("answered anyway\n");
    expect(r.stderr).toMatch(
      /^codebot: cannot create the transcript in \S+\/projects\/[^/\s]+: ENOTDIR: not a directory; this session is not recorded\n$/,
    );
  });

  it.skipIf(!canMountReadOnly())(
    "on a read-only file system the line names it (EROFS), not the ENOENT Node's mkdir reports there",
    async () => {
      const box = sandbox();
      const server = await modelServer([reply.text("answered anyway")]);
      const r = await runOnReadOnlyHome(["-p", "hi", "--cwd", box.project], modelEnv(server, box.home));
      expect(r.code).toBe(0);
      expect(r.stderr).toMatch(
        /^codebot: cannot create the transcript in \S+\/projects\/[^/\s]+: EROFS: read-only file system; this session is not recorded\n$/,
      );
    },
  );
});
