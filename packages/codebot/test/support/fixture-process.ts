/**
 * test/fixtures/runtime-child.ts running one of its scenarios in a real child process, for tests
 * that must kill or signal a runtime. It runs in Node with tsx's loader and the tsconfig next to
 * the fixture (which maps @codebot/* to the sources); TEST_PROJECT and TEST_HOME name its project
 * and CODEBOT_HOME. Node itself is the child, not the `tsx` command (which would run the fixture
 * in a process of its own, left running when a test SIGKILLs the one it started). A child still
 * running after the test is killed.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach } from "vitest";

const testDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

/** Starts the fixture runtime's `scenario`; `exited` resolves with how it ended. */
export function startRuntimeChild(scenario: string, dirs: { project: string; home: string }) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(testDir, "fixtures/runtime-child.ts"), scenario],
    {
      cwd: path.resolve(testDir, ".."),
      env: {
        ...process.env,
        TSX_TSCONFIG_PATH: path.join(testDir, "fixtures/tsconfig.json"),
        TEST_PROJECT: dirs.project,
        TEST_HOME: dirs.home,
      },
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
