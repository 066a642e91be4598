/**
 * test/fixtures/runtime-child.ts running one of its scenarios in a real child process, for tests
 * that must kill or signal a runtime. It runs with tsx and the tsconfig next to the fixture (which
 * maps @codebot/* to the sources); TEST_PROJECT and TEST_HOME name its project and CODEBOT_HOME.
 * A child still running after the test is killed.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach } from "vitest";

const testDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tsx = path.resolve(testDir, "../../../node_modules/.bin/tsx");
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

/** Starts the fixture runtime's `scenario`; `exited` resolves with how it ended. */
export function startRuntimeChild(scenario: string, dirs: { project: string; home: string }) {
  const child = spawn(
    tsx,
    [
      "--tsconfig",
      path.join(testDir, "fixtures/tsconfig.json"),
      path.join(testDir, "fixtures/runtime-child.ts"),
      scenario,
    ],
    {
      cwd: path.resolve(testDir, ".."),
      env: { ...process.env, TEST_PROJECT: dirs.project, TEST_HOME: dirs.home },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (d) => {
    stdout += String(d);
  });
  child.stderr?.on("data", (d) => {
    stderr += String(d);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}
