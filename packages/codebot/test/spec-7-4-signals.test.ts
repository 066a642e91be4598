/** HOOKS.md §7.4: close() waits for async hooks in flight also when the process gets Ctrl+C or SIGTERM. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { command, scratchDir } from "./support/e2e.js";
import { startRuntimeChild } from "./support/fixture-process.js";
import { waitFor } from "./support/wait-for.js";

/** Starts the fixture runtime with `settings` as the user's settings file. */
function startRuntimeProcess(settings: unknown) {
  const project = scratchDir("codebot-project-");
  const home = scratchDir("codebot-home-");
  fs.writeFileSync(path.join(home, "settings.json"), JSON.stringify(settings));
  return { ...startRuntimeChild("bash-then-hang", { project, home }), project };
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
