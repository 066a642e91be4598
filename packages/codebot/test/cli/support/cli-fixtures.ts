import fs from "node:fs";
import path from "node:path";
import {
  type LoopbackModelServer,
  type RecordedRequest,
  reply,
  type ScriptStep,
  startLoopbackModelServer,
} from "@codebot/agentcore/testing";
import { afterEach } from "vitest";
import { command, group } from "../../support/hook-entries.js";
import { tempDir } from "../../support/temp-dirs.js";
import { type CliResult, cliEnv, runCli, startCli } from "./cli-process.js";

export { command, group };

/** A temporary project and CODEBOT_HOME with helpers to write files into them. */
export interface Sandbox {
  project: string;
  home: string;
  /** Writes a file under the project (or an absolute path) and returns its path. */
  write(file: string, content: string): string;
  /** Writes a JSON file under the project (or an absolute path) and returns its path. */
  json(file: string, value: unknown): string;
  at(rel: string): string;
}

export function sandbox(): Sandbox {
  const project = tempDir("codebot-cli-project-");
  const home = tempDir("codebot-cli-home-");
  const write = (file: string, content: string) => {
    const full = path.isAbsolute(file) ? file : path.join(project, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, content);
    return full;
  };
  return {
    project,
    home,
    write,
    json: (file, value) => write(file, `${JSON.stringify(value, null, 2)}\n`),
    at: (rel) => path.join(project, rel),
  };
}

const servers: LoopbackModelServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

/** A loopback model server for the script, closed after the test. */
export async function modelServer(script: ScriptStep<RecordedRequest>[]): Promise<LoopbackModelServer> {
  const server = await startLoopbackModelServer(script);
  servers.push(server);
  return server;
}

/**
 * A model step that answers `text` only once `release()` is called: a run that goes on while the
 * test types or writes.
 */
export function heldReply(text: string): { step: ScriptStep<RecordedRequest>; release: () => void } {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    step: async () => {
      await held;
      return reply.text(text);
    },
    release,
  };
}

/** The CLI's environment pointed at a loopback server as the Anthropic API. */
export function modelEnv(server: LoopbackModelServer, home: string, extra: Record<string, string> = {}) {
  return cliEnv(home, {
    ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
    ANTHROPIC_API_KEY: "test-key",
    ...extra,
  });
}

/** Every text the model was sent in a request (messages, tool results), joined. */
export function requestText(request: RecordedRequest | undefined): string {
  return JSON.stringify(request?.body?.messages ?? []);
}

/** A blocking PreToolUse guard named "guard": a bash call with `rm -rf` is refused, "no rm -rf here". */
export const rmRfGuard = command("echo 'no rm -rf here' >&2; exit 2", {
  name: "guard",
  matcher: "bash",
  if: "/rm -rf/",
  blocking: true,
});

/**
 * `codebot hooks test EVENT FLAGS… [--settings FILE] --cwd <project>`, run as the sandbox's user
 * (environment: cliEnv of its home unless given).
 */
export function runHooksTest(
  box: Sandbox,
  event: string,
  flags: readonly string[],
  options: { settings?: string; env?: NodeJS.ProcessEnv; input?: string } = {},
): Promise<CliResult> {
  const settings = options.settings === undefined ? [] : ["--settings", options.settings];
  return runCli(["hooks", "test", event, ...flags, ...settings, "--cwd", box.project], {
    env: options.env ?? cliEnv(box.home),
    input: options.input,
  });
}

export interface PrintRunOptions {
  /** The sandbox to run in, when the test writes into it first (a fresh one otherwise). */
  box?: Sandbox;
  /** Flags after the prompt (`--output-format`, `--permission-mode`, …). */
  flags?: readonly string[];
  /** A `--settings` file's content, written to s.json in the project (no --settings without it). */
  settings?: Record<string, unknown>;
}

/**
 * `codebot -p PROMPT FLAGS… [--settings s.json] --cwd <project>` against a loopback model playing
 * `script`, started and not waited for. Returns the sandbox, the server, the process and the
 * settings file's path.
 */
export async function startPrintRun(
  prompt: string,
  script: ScriptStep<RecordedRequest>[],
  options: PrintRunOptions = {},
) {
  const box = options.box ?? sandbox();
  const settings = options.settings === undefined ? undefined : box.json("s.json", options.settings);
  const server = await modelServer(script);
  const cli = startCli(
    [
      "-p",
      prompt,
      ...(options.flags ?? []),
      ...(settings === undefined ? [] : ["--settings", settings]),
      "--cwd",
      box.project,
    ],
    { env: modelEnv(server, box.home) },
  );
  return { box, server, cli, settings };
}

/** startPrintRun, run to its exit (`r`). */
export async function printRun(
  prompt: string,
  script: ScriptStep<RecordedRequest>[],
  options: PrintRunOptions = {},
) {
  const { cli, ...run } = await startPrintRun(prompt, script, options);
  return { ...run, r: await cli.done };
}

/**
 * `codebot -p run --output-format stream-json --permission-mode bypassPermissions` with `PreToolUse` hooks
 * in a `--settings` file, against a model that calls bash `echo hi` (tool call `c1`), then answers
 * `answer`. Returns the settings file's path and the finished run.
 */
export async function streamJsonBashRun(
  preToolUse: Record<string, unknown>[],
  answer: string,
): Promise<{ settings: string; result: CliResult }> {
  const { settings, r } = await printRun(
    "run",
    [reply.toolCall("bash", { command: "echo hi" }, "c1"), reply.text(answer)],
    {
      flags: ["--output-format", "stream-json", "--permission-mode", "bypassPermissions"],
      settings: { hooks: { PreToolUse: preToolUse } },
    },
  );
  return { settings: settings as string, result: r };
}

/** The tool result a stream-json run sent the model for a call (from its `user` line), if any. */
export function streamToolResult(
  lines: readonly Record<string, unknown>[],
  toolUseId: string,
): { content: string; is_error: boolean } | undefined {
  for (const line of lines) {
    if (line.type !== "user") continue;
    const content = (line.message as { content?: unknown }).content;
    if (!Array.isArray(content)) continue;
    const block = content.find(
      (b: { type?: string; tool_use_id?: string }) => b.type === "tool_result" && b.tool_use_id === toolUseId,
    );
    if (block) return { content: block.content, is_error: block.is_error };
  }
  return undefined;
}

/** A codebot report line of stream-json (`type: "system"` with codebot's subtype). */
export function systemLines(
  lines: readonly Record<string, unknown>[],
  subtype: string,
): Record<string, unknown>[] {
  return lines.filter((l) => l.type === "system" && l.subtype === subtype);
}
