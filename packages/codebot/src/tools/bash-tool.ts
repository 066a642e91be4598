import fs from "node:fs";
import type { Tool } from "@codebot/agentcore";
import { processHost, shellQuote } from "@codebot/hooks";
import { z } from "zod";
import { placeOfShell, runsAlongside, type ShellTool } from "../approval/read-only-bash.js";
import { isDirectory } from "../fs/is-directory.js";
import { changedFileRefusal, changedRun } from "../settings/approved-files.js";
import { ownLoadedProjectFiles } from "../settings/own-settings-env.js";
import {
  BACKGROUND_DEFAULT_TIMEOUT_MS,
  BACKGROUND_MAX_TIMEOUT_MS,
  startBackgroundCommand,
} from "./background-bash.js";
import { bashContentFromData, bashData, bashFailureData } from "./claude-result-shapes.js";
import { commandEnv } from "./command-env.js";
import { prepareShell, runShell, type ShellResult } from "./shell-process.js";
import type { ToolEnvironment } from "./tool-environment.js";

const DEFAULT_TIMEOUT_MS = 120_000;
const MAX_TIMEOUT_MS = 600_000;
const OUTPUT_LIMIT = 30_000;

const inputSchema = z.object({
  command: z.string().min(1).describe("The command to run with bash in the project directory"),
  timeout: z
    .number()
    .positive()
    .optional()
    .describe(`Timeout in milliseconds (default ${DEFAULT_TIMEOUT_MS}, max ${MAX_TIMEOUT_MS})`),
  description: z.string().optional().describe("A short description of what the command does"),
  run_in_background: z
    .boolean()
    .optional()
    .describe(
      `Set to true to run this command in the background: the call answers at once with a task id and an output file to read; you are notified when it ends. With it, \`timeout\` limits how long the command may run in the background before it is stopped (default ${BACKGROUND_DEFAULT_TIMEOUT_MS} ms, max ${BACKGROUND_MAX_TIMEOUT_MS} ms). Stop it with task_stop.`,
    ),
});

/**
 * `bash {command, timeout?, description?, run_in_background?}`: runs a command; a non-zero exit is
 * an error result. In the background (background-bash.ts) it runs on after the call answers.
 * The working directory carries over between commands, as in a terminal: a `cd` moves it, as
 * long as it stays where the file tools may reach (else it goes back to the project directory).
 * `startIn`: where the first command runs (a sub-agent's shell starts where the main agent's is).
 */
export function bashTool(
  env: ToolEnvironment,
  startIn = env.paths.root,
): Tool<z.infer<typeof inputSchema>> & ShellTool {
  let cwd = startIn;
  /** This tool's slot for the shell started ahead of its next command. */
  const slot = {};
  const shellEnv = () => commandEnv(env);
  const tool: Tool<z.infer<typeof inputSchema>> & ShellTool = {
    name: "bash",
    description:
      "Run a bash command. The working directory starts at the project directory and carries over between commands (cd moves it). Output (stdout and stderr) is capped; the exit code is reported.",
    inputSchema,
    mutating: true,
    // A line that only reads runs beside its batch's other such calls, as in Claude Code.
    concurrencySafe: (args) => {
      const place = placeOfShell(tool, env.paths);
      return place !== undefined && runsAlongside(args.command, place);
    },
    contentFromData: bashContentFromData,
    // Where the next command starts: approval reads a line's relative paths from here.
    workingDirectory: () => (isDirectory(cwd) ? cwd : env.paths.root),
    // A hook's environment file is sourced before each command and may change PATH; a project
    // file your own env's BASH_ENV or NODE_OPTIONS loads runs in each: then no line only reads.
    searchPath: () =>
      hookEnvFileOf(env) === undefined &&
      ownLoadedProjectFiles({ env: env.env, envFiles: env.envFiles ?? [] }, env.paths.root).length === 0
        ? (env.env.PATH ?? process.env.PATH ?? "")
        : undefined,
    // The host and the first command's shell start while the model thinks: starting the host
    // (Node forks itself for it) no longer delays the session's first request.
    prepare() {
      processHost()?.warm();
      prepareShell({ env: shellEnv() }, slot);
    },
    async execute(args, ctx) {
      const changed = env.envFiles === undefined ? undefined : changedRun(env.envFiles);
      if (changed !== undefined)
        return { content: changedFileRefusal(changed, env.paths.root), isError: true };
      // A directory removed since the last command: start again from the project directory.
      if (!isDirectory(cwd)) cwd = env.paths.root;
      // Where approval read its paths from (a sub-agent's `cd` may have moved the shell since).
      const judgedIn = ctx.permission?.judgedIn;
      const runIn = judgedIn !== undefined && isDirectory(judgedIn) ? judgedIn : cwd;
      if (args.run_in_background === true) {
        if (env.background === undefined)
          return {
            content: "bash: run_in_background is not available here; run the command without it",
            isError: true,
          };
        // Its `cd` moves no one's shell: it runs apart, in the directory the next command would.
        const launch = startBackgroundCommand(env.background, {
          command: args.command,
          script: withHookEnv(args.command, hookEnvFileOf(env)),
          ...(args.description !== undefined ? { description: args.description } : {}),
          cwd: runIn,
          env: shellEnv(),
          timeoutMs: Math.min(args.timeout ?? BACKGROUND_DEFAULT_TIMEOUT_MS, BACKGROUND_MAX_TIMEOUT_MS),
          toolUseId: ctx.callId,
        });
        return launch.ok
          ? { content: launch.content, isError: false, data: launch.data }
          : { content: launch.error, isError: true };
      }
      const timeoutMs = Math.min(args.timeout ?? DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS);
      const start = () => {
        const running = runShell({
          command: withHookEnv(args.command, hookEnvFileOf(env)),
          cwd: runIn,
          env: shellEnv(),
          timeoutMs,
          signal: ctx.signal,
          outputLimit: OUTPUT_LIMIT,
          onOutput: (chunk) => ctx.onUpdate(chunk),
          trackCwd: true,
        });
        // The next command's shell starts while this one runs (it waits outside the project).
        prepareShell({ env: shellEnv() }, slot);
        return running;
      };
      // The command and the next command's shell go to the process host in one write.
      const host = processHost();
      const result = await (host ? host.together(start) : start());
      const moved = movedTo(result.endCwd, runIn);
      let note = "";
      if (moved !== undefined) {
        const old = cwd;
        if (env.paths.resolve("bash", moved).ok) cwd = moved;
        else {
          cwd = env.paths.root;
          note = `\n[the working directory ${moved} is outside the project; it is back at ${cwd}]`;
        }
        if (cwd !== old) env.onCwdChange?.(old, cwd);
      }
      const content = describe(result, timeoutMs) + note;
      // A failed call's hooks get the error instead (PostToolUseFailure), as in Claude Code. A
      // silent command's `stdout` is "" for them, as claude 2.1.328's (recorded), not the model's "(no output)".
      return isFailure(result)
        ? { content, isError: true, ...failureData(result) }
        : { content, isError: false, data: bashData(result.output === "" ? note.trimStart() : content) };
    },
  };
  return tool;
}

/** The hooks' environment file each command sources first, when there is one. */
function hookEnvFileOf(env: ToolEnvironment): string | undefined {
  const file = env.hookEnvFile?.();
  return file !== undefined && fs.existsSync(file) ? file : undefined;
}

/** The command after a line sourcing the hooks' environment file, when there is one. */
function withHookEnv(command: string, file: string | undefined): string {
  return file === undefined ? command : `. ${shellQuote(file)}\n${command}`;
}

/** The directory the shell ended in, when it differs from where it started. */
function movedTo(ended: string | undefined, started: string): string | undefined {
  return ended === undefined || ended === started ? undefined : ended;
}

function isFailure(r: ShellResult): boolean {
  return (
    r.spawnError !== undefined || r.lostError !== undefined || r.timedOut || r.aborted || r.exitCode !== 0
  );
}

/** A plain non-zero exit in Claude Code's words, for its hooks and stream-json (claude-result-shapes.ts). */
function failureData(r: ShellResult): { data?: Record<string, unknown> } {
  const plainExit =
    r.spawnError === undefined &&
    r.lostError === undefined &&
    !r.timedOut &&
    !r.aborted &&
    r.killedBy === null;
  return plainExit && r.exitCode !== null && r.exitCode !== 0
    ? { data: bashFailureData(r.exitCode, r.output) }
    : {};
}

function describe(r: ShellResult, timeoutMs: number): string {
  if (r.spawnError !== undefined) return `bash: cannot start the shell: ${r.spawnError}`;
  const output = r.output === "" ? "(no output)" : r.output.replace(/\n$/, "");
  if (r.timedOut) return `${output}\n[command timed out after ${timeoutMs} ms; its process group was killed]`;
  if (r.aborted) return `${output}\n[command aborted; its process group was killed]`;
  if (r.lostError !== undefined) return `${output}\n[${r.lostError}]`;
  if (r.killedBy !== null) return `${output}\n[killed by ${r.killedBy}]`;
  if (r.exitCode !== 0) return `${output}\n[exit code ${r.exitCode}]`;
  return output;
}
