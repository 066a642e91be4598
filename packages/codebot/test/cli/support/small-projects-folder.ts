/**
 * A full disk, for real: `$CODEBOT_HOME/projects` as a 64 KiB tmpfs, mounted in a user and mount
 * namespace of the test's own (no root needed where the kernel allows such namespaces).
 */
import { spawn, spawnSync } from "node:child_process";
import { tempDir } from "../../support/temp-dirs.js";

/** `sh -c SCRIPT` in namespaces of its own where `$CODEBOT_HOME/projects` is a 64 KiB tmpfs. */
export function inSmallProjectsFolder(script: string, env: NodeJS.ProcessEnv): Promise<number | null> {
  const mount =
    'mkdir -p "$CODEBOT_HOME/projects" && mount -t tmpfs -o size=64k tmpfs "$CODEBOT_HOME/projects"';
  const child = spawn(
    "unshare",
    ["--user", "--map-root-user", "--mount", "sh", "-c", `${mount} && ${script}`],
    {
      env,
      stdio: "ignore",
    },
  );
  return new Promise((resolve) => child.on("close", (code) => resolve(code)));
}

/** Whether this machine lets a test mount a file system in namespaces of its own. */
export function canMountTmpfs(): boolean {
  const env = { ...process.env, CODEBOT_HOME: tempDir("codebot-tmpfs-probe-") };
  return (
    spawnSync(
      "unshare",
      ["--user", "--map-root-user", "--mount", "sh", "-c", 'mount -t tmpfs tmpfs "$CODEBOT_HOME"'],
      { env },
    ).status === 0
  );
}
