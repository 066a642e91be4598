/**
 * Claude Code's `statusLine` setting in a real terminal (tmux): the user's command, given the
 * session's JSON, draws the status line under the prompt, and runs again when the prompt returns.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { waitFor } from "../support/wait-for.js";
import { modelEnv, modelServer, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { EARLIER_TIMES, earlierSession } from "./support/earlier-session.js";
import { startSession } from "./support/terminal-session.js";
import { TmuxSession } from "./support/tmux.js";

useBuiltCli();

/** A statusLine in the user's Claude Code settings (`~/.claude/settings.json`, HOME being the sandbox's). */
function claudeStatusLine(box: Sandbox, script: string, more: Record<string, unknown> = {}): void {
  const file = box.write(path.join(box.home, "status.sh"), script);
  fs.chmodSync(file, 0o755);
  box.json(path.join(box.home, ".claude/settings.json"), {
    statusLine: { type: "command", command: file },
    ...more,
  });
}

/** A statusLine script keeping each payload whole, in a file of its own under `dir`, and printing `mine`. */
function thinkingPayloadScript(dir: string): string {
  return ["#!/bin/sh", `cat > ${dir}/$$.tmp && mv ${dir}/$$.tmp ${dir}/$$.json`, "echo mine", ""].join("\n");
}

/** The first payload kept under `dir`, once there is one. */
function firstPayload(dir: string): Record<string, unknown> | undefined {
  const file = fs.readdirSync(dir).find((f) => f.endsWith(".json"));
  return file === undefined
    ? undefined
    : (JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as Record<string, unknown>);
}

/** The first statusLine payload of an interactive session on claude-sonnet-4-5 with `env` set. */
async function firstSonnetPayload(env: Record<string, string>): Promise<Record<string, unknown>> {
  const box = sandbox();
  const dir = path.join(box.home, "payloads");
  fs.mkdirSync(dir);
  claudeStatusLine(box, thinkingPayloadScript(dir));
  const server = await modelServer([]);
  await startSession(box, server, {
    args: ["--model", "anthropic/claude-sonnet-4-5"],
    env,
    ready: /^mine\s*$/m,
  });
  return waitFor(() => firstPayload(dir), 10_000, "a payload");
}

function start(box: Sandbox, server: Parameters<typeof modelEnv>[0]): TmuxSession {
  return TmuxSession.start({
    dir: box.project,
    env: modelEnv(server, box.home),
    args: ["--model", "anthropic/claude-sonnet-4-5"],
  });
}

describe("statusLine", { timeout: 120_000 }, () => {
  it("the command's output is the status under the prompt, and it runs again after each answer", async () => {
    const box = sandbox();
    const last = path.join(box.home, "last.json");
    // The payload is kept whole (a run cancelled by a newer one may be killed halfway).
    claudeStatusLine(
      box,
      [
        "#!/bin/sh",
        "d=$(cat)",
        `printf %s "$d" > ${last}.tmp && mv ${last}.tmp ${last}`,
        `printf '\\033[32mmine\\033[0m · %s in\\n' "$(printf %s "$d" | sed -n 's/.*"total_input_tokens":\\([0-9]*\\).*/\\1/p')"`,
        "",
      ].join("\n"),
    );
    const server = await modelServer([
      { ...reply.text("the answer"), usage: { inputTokens: 1234, outputTokens: 5 } },
    ]);
    const term = await startSession(box, server, {
      args: ["--model", "anthropic/claude-sonnet-4-5"],
      ready: /^›\s*\nmine · 0 in\s*$/m,
    });
    term.submit("go");
    await term.waitForScreen(/the answer[\s\S]*^›\s*\nmine · 1234 in\s*$/m);
    const payload = JSON.parse(fs.readFileSync(last, "utf8"));
    expect(payload).toMatchObject({
      cwd: box.project,
      // claude's human name for an Anthropic model (its own: "Opus 5.5").
      model: { id: "anthropic/claude-sonnet-4-5", display_name: "Sonnet 4.5" },
      workspace: { project_dir: box.project },
      context_window: {
        context_window_size: 200_000,
        total_input_tokens: 1234,
        // The last call's usage, in Anthropic's names (ccstatusline's context length reads it).
        current_usage: {
          input_tokens: 1234,
          output_tokens: 5,
          cache_read_input_tokens: 0,
          cache_creation_input_tokens: 0,
        },
      },
    });
    expect(payload.session_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("the payload names the prompt answered (the hooks' prompt_id) and the effort the requests carry, as claude's (recorded)", async () => {
    const box = sandbox();
    const dir = path.join(box.home, "payloads");
    fs.mkdirSync(dir);
    // Each payload kept whole, in a file of its own.
    claudeStatusLine(
      box,
      ["#!/bin/sh", `cat > ${dir}/$$.tmp && mv ${dir}/$$.tmp ${dir}/$$.json`, "echo mine", ""].join("\n"),
      {
        hooks: {
          UserPromptSubmit: [
            { hooks: [{ type: "command", command: `cat > ${path.join(box.home, "prompt.json")}` }] },
          ],
        },
      },
    );
    const server = await modelServer([reply.text("the answer")]);
    const term = await startSession(box, server, {
      args: ["--model", "anthropic/claude-opus-4-6", "--effort", "low"],
      ready: /^›\s*\nmine\s*$/m,
    });
    const payloads = () =>
      fs
        .readdirSync(dir)
        .filter((f) => f.endsWith(".json"))
        .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as Record<string, unknown>);
    // Before the first prompt there is none to name.
    expect(payloads()[0]).not.toHaveProperty("prompt_id");
    term.submit("go");
    await term.waitForScreen("the answer");
    const prompt = JSON.parse(fs.readFileSync(path.join(box.home, "prompt.json"), "utf8"));
    const after = await waitFor(
      () => payloads().find((p) => p.prompt_id !== undefined),
      10_000,
      "a payload with prompt_id",
    );
    expect(after.prompt_id).toBe(prompt.prompt_id);
    expect(after.effort).toEqual({ level: "low" });
    // In claude's order: after cwd, before model.
    expect(Object.keys(after).slice(2, 6)).toEqual(["cwd", "prompt_id", "effort", "model"]);
  });

  it("the payload ends with claude's fast_mode (false: codebot has none) and thinking, in claude's order (recorded)", async () => {
    const first = await firstSonnetPayload({});
    expect(Object.keys(first).slice(-3)).toEqual(["exceeds_200k_tokens", "fast_mode", "thinking"]);
    expect(first.fast_mode).toBe(false);
    expect(first.thinking).toEqual({ enabled: true });
  });

  it("thinking turned off (MAX_THINKING_TOKENS=0) is thinking.enabled false, as claude says it", async () => {
    const first = await firstSonnetPayload({ MAX_THINKING_TOKENS: "0" });
    expect(first.thinking).toEqual({ enabled: false });
  });

  it("after -c, cost has claude's fields in claude's order, the session's earlier times and code changes in them (recorded)", async () => {
    const box = sandbox();
    await earlierSession(box);
    const last = path.join(box.home, "last.json");
    claudeStatusLine(
      box,
      ["#!/bin/sh", `cat > ${last}.tmp && mv ${last}.tmp ${last}`, "echo restored-status", ""].join("\n"),
    );
    const server = await modelServer([reply.text("not asked")]);
    await startSession(box, server, {
      args: ["-c", "--model", "anthropic/claude-sonnet-4-5"],
      ready: /^›\s*\nrestored-status\s*$/m,
    });
    const { cost } = JSON.parse(fs.readFileSync(last, "utf8"));
    expect(Object.keys(cost)).toEqual([
      "total_cost_usd",
      "total_duration_ms",
      "total_api_duration_ms",
      "total_lines_added",
      "total_lines_removed",
    ]);
    expect(cost).toMatchObject({ total_lines_added: 5, total_lines_removed: 1 });
    // The earlier session's times, and this one's on top (claude's after -c, recorded).
    expect(cost.total_api_duration_ms).toBe(EARLIER_TIMES.totalAPIDuration);
    expect(cost.total_duration_ms).toBeGreaterThanOrEqual(EARLIER_TIMES.totalDuration);
  });

  it("yours that ran nothing of the project is not run once it would run a program the model wrote there", async () => {
    const box = sandbox();
    // Yours: the project's own status script when it has one, else your line.
    box.json(path.join(box.home, ".claude/settings.json"), {
      statusLine: { type: "command", command: "[ -x ./bin/status ] && exec ./bin/status; echo mine" },
    });
    const server = await modelServer([
      reply.toolCall("bash", {
        command:
          "mkdir -p bin && printf '#!/bin/sh\\ntouch pwned\\necho theirs\\n' > bin/status && chmod +x bin/status",
      }),
      reply.text("wrote it"),
    ]);
    const term = await startSession(box, server, {
      args: ["--model", "anthropic/claude-sonnet-4-5", "--permission-mode", "bypassPermissions"],
      ready: /^›\s*\nmine\s*$/m,
    });
    term.submit("go");
    // Whichever comes first: the program's line under the prompt, or the notice that it was not run.
    const screen = await term.waitForScreen(/^theirs\s*$|statusLine not run/m);
    expect(fs.existsSync(box.at("bin/status"))).toBe(true);
    expect(fs.existsSync(box.at("pwned"))).toBe(false);
    expect(screen).toContain(
      "statusLine not run: it would now run bin/status from this project, not approved for it",
    );
    await term.waitForScreen(/^›\s*\nanthropic\/claude-sonnet-4-5 · context/m);
  });

  it("a command that fails is said once, and codebot's own status is shown", async () => {
    const box = sandbox();
    claudeStatusLine(box, "#!/bin/sh\necho 'no such theme' >&2\nexit 3\n");
    const server = await modelServer([]);
    const term = await startSession(box, server, {
      args: ["--model", "anthropic/claude-sonnet-4-5"],
    });
    await term.waitForScreen(/statusLine command failed \(exit code 3: no such theme\)/);
    await term.waitForScreen(/^›\s*\nanthropic\/claude-sonnet-4-5 · context/m);
  });

  it("every line the command prints is a row under the prompt, blank ones left out, after `padding` columns", async () => {
    const box = sandbox();
    const file = box.write(
      path.join(box.home, "status.sh"),
      "#!/bin/sh\ncat >/dev/null\nprintf 'first\\n\\n\\033[33msecond\\033[0m\\n'\n",
    );
    fs.chmodSync(file, 0o755);
    box.json(path.join(box.home, ".claude/settings.json"), {
      statusLine: { type: "command", command: file, padding: 2 },
    });
    const term = start(box, await modelServer([]));
    await term.waitForScreen(/^›\s*\n {2}first\s*\n {2}second\s*$/m);
  });

  it("refreshInterval runs it again while the prompt waits", async () => {
    const box = sandbox();
    const count = path.join(box.home, "count");
    claudeStatusLine(box, `#!/bin/sh\ncat >/dev/null\necho x >> ${count}\necho "run $(wc -l < ${count})"\n`);
    box.json(path.join(box.home, ".claude/settings.json"), {
      statusLine: { type: "command", command: path.join(box.home, "status.sh"), refreshInterval: 1 },
    });
    const term = start(box, await modelServer([]));
    // One run at the start; the next ones only by the interval (nothing is typed).
    await term.waitForScreen(/^›\s*\nrun 3\s*$/m);
  });

  it("disableAllHooks switches it off, as in Claude Code", async () => {
    const box = sandbox();
    const ran = path.join(box.home, "ran");
    claudeStatusLine(box, `#!/bin/sh\ntouch ${ran}\necho mine\n`, { disableAllHooks: true });
    const term = start(box, await modelServer([reply.text("the answer")]));
    term.submit("go");
    await term.waitForScreen(/the answer[\s\S]*^›\s*\nanthropic\/claude-sonnet-4-5 · context/m);
    // A run would have started as the prompt came back; give one time to finish (none should).
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(term.screen()).toMatch(/^›\s*\nanthropic\/claude-sonnet-4-5 · context/m);
    expect(fs.existsSync(ran)).toBe(false);
  });

  it("a project's statusLine is listed in the project question with the script it runs, and runs once approved", async () => {
    const box = sandbox();
    box.write(".claude/status.sh", "cat >/dev/null\necho the project status\n");
    box.json(".claude/settings.json", { statusLine: { type: "command", command: "sh .claude/status.sh" } });
    const term = start(box, await modelServer([]));
    const question = await term.waitForScreen(/allow them\? y this session .* n no:\s*$/m);
    expect(question).toMatch(
      /statusLine:sh \.claude\/status\.sh \(runs \.claude\/status\.sh #[0-9a-f]{16}\)/,
    );
    term.type("y");
    await term.waitForScreen(/^›\s*\nthe project status\s*$/m);
  });

  it("your own statusLine that would run the repository's program waits for the project question; refused, it does not run", async () => {
    const box = sandbox();
    const ran = path.join(box.home, "ran");
    const program = box.write(
      "node_modules/.bin/ccstatusline",
      `#!/bin/sh\ntouch ${ran}\necho the repository's line\n`,
    );
    fs.chmodSync(program, 0o755);
    box.json(path.join(box.home, ".claude/settings.json"), {
      statusLine: { type: "command", command: "npx ccstatusline" },
    });
    const term = start(box, await modelServer([]));
    const question = await term.waitForScreen(/allow them\? y this session .* n no:\s*$/m);
    expect(question).toMatch(/Your own status line would run programs of this project/);
    expect(question).toMatch(
      /statusLine:npx ccstatusline \(runs node_modules\/\.bin\/ccstatusline #[0-9a-f]{16}\)/,
    );
    term.type("n");
    await term.waitForScreen(/^›\s*\nanthropic\/claude-sonnet-4-5 · context/m);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(fs.existsSync(ran)).toBe(false);
  });
});
