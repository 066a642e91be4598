/** HOOKS.md §7.4: close() waits for async hooks in flight also when the process gets Ctrl+C or SIGTERM. */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { command, scratchDir } from "./support/e2e.js";
import { waitFor } from "./support/wait-for.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const tsx = path.resolve(here, "../../../node_modules/.bin/tsx");
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

/** Starts the fixture runtime with `settings` as the user's settings file. */
function startRuntimeProcess(settings: unknown) {
  const project = scratchDir("codebot-project-");
  const home = scratchDir("codebot-home-");
  fs.writeFileSync(path.join(home, "settings.json"), JSON.stringify(settings));
  const child = spawn(
    tsx,
    [
      "--tsconfig",
      path.join(here, "fixtures/tsconfig.json"),
      path.join(here, "fixtures/spec-signal-child.ts"),
    ],
    {
      cwd: path.resolve(here, ".."),
      env: { ...process.env, TEST_PROJECT: project, TEST_HOME: home },
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  children.push(child);
  let stderr = "";
  child.stderr?.on("data", (d) => {
    stderr += String(d);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, project, stderr: () => stderr };
}

const hooks = {
  hooks: {
    PostToolUse: [command("touch post-started; sleep 1; cat > post.json")],
    SessionEnd: [command("cat > ended.json")],
  },
};

describe("§7.4 async hooks survive Ctrl+C and SIGTERM", () => {
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const) {
    it(`${signal} while a PostToolUse audit hook runs: the hook completes, SessionEnd runs, exit ${code}`, async () => {
      const run = startRuntimeProcess(hooks);
      const started = path.join(run.project, "post-started");
      await waitFor(() => fs.existsSync(started), 60_000, `the PostToolUse hook to start (${run.stderr()})`);
      run.child.kill(signal);
      expect(await run.exited).toEqual({ code, signal: null });
      expect(JSON.parse(fs.readFileSync(path.join(run.project, "post.json"), "utf8"))).toMatchObject({
        event: "PostToolUse",
        tool: "bash",
        output: "hi",
      });
      expect(JSON.parse(fs.readFileSync(path.join(run.project, "ended.json"), "utf8"))).toMatchObject({
        event: "SessionEnd",
      });
    }, 90_000);
  }
});
