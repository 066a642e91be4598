/**
 * An ES module's source run by a child Node process (`node --input-type=module -e`), for tests that
 * need several real processes at once (locks, appends, concurrent saves): how it ended and its stderr.
 */
import { spawn } from "node:child_process";

export function runModuleScript(
  script: string,
  args: readonly string[],
  { killAfterMs }: { killAfterMs?: number } = {},
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script, ...args], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    // A child still running then is hung: killed, so the test fails on its exit code instead of its timeout.
    const timer =
      killAfterMs === undefined ? undefined : setTimeout(() => child.kill("SIGKILL"), killAfterMs);
    let stderr = "";
    child.stderr.on("data", (d) => {
      stderr += String(d);
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}
