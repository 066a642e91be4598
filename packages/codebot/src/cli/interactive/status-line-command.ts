/**
 * The user's `statusLine` command (Claude Code's setting): run with `/bin/sh -c` when the prompt
 * comes back (and every `refreshInterval` seconds while it waits), the session's JSON on its
 * stdin; its lines of output, blank ones left out, are the status under the prompt, as Claude Code
 * 2.1.328 shows them (checked in tmux). As in Claude Code, a run still going when the next one
 * starts is cancelled. A run that fails, times out or prints nothing leaves codebot's own status
 * line, and the first failure is said once. It stops running once a project file it runs changed
 * since it was approved, or it would run one it did not then (changed-program.ts); a project `env`
 * value whose loaded file changed is left out of its environment (approved-files.ts).
 */
import type { Runtime } from "../../session/runtime.js";
import { firstLine, startShortCommand } from "../../session/short-command.js";
import { withoutChangedLoads } from "../../settings/approved-files.js";
import { changedProgram } from "../../settings/changed-program.js";
import type { StatusLineSetting } from "../../settings/status-line-grant.js";
import { terminalSafe } from "../output/terminal-safe.js";

/** Longest a run may take; a status line is not worth waiting for. */
const TIMEOUT_MS = 5_000;
/** The most output read. */
const OUTPUT_LIMIT = 64 * 1024;

export class StatusLineCommand {
  /** The lines the last run that succeeded printed; undefined before one, or after a failure. */
  latest: string[] | undefined;
  private running: { kill(): void } | undefined;
  private failureSaid = false;

  constructor(
    private readonly setting: StatusLineSetting,
    private readonly options: {
      cwd: string;
      /** The environment of a run, made for each: what it loads may have changed since the last. */
      env(): NodeJS.ProcessEnv;
      onFailure(message: string): void;
    },
  ) {}

  /** How often to run again while the prompt waits, if the setting asks. */
  get refreshIntervalMs(): number | undefined {
    return this.setting.refreshIntervalMs;
  }

  /** Whether a run is still going (a periodic refresh waits for it rather than cancel it). */
  get busy(): boolean {
    return this.running !== undefined;
  }

  /** Runs the command with `payload` on stdin; resolves once `latest` holds its answer. */
  refresh(payload: Record<string, unknown>): Promise<void> {
    this.cancel();
    const changed = changedProgram(this.setting.approved, this.options.cwd, "the statusLine");
    if (changed !== undefined) {
      this.latest = undefined;
      this.sayOnce(
        `statusLine not run: ${changed}; codebot's own status line is shown (run "codebot hooks trust" and start again to approve it)`,
      );
      return Promise.resolve();
    }
    let cancelled = false;
    const run = startShortCommand(
      this.setting.command,
      {
        cwd: this.options.cwd,
        env: this.options.env(),
        input: JSON.stringify(payload),
        timeoutMs: TIMEOUT_MS,
        outputLimit: OUTPUT_LIMIT,
      },
      (stderr) => firstLine(terminalSafe(stderr)),
    );
    const handle = {
      kill: () => {
        cancelled = true;
        run.kill();
      },
    };
    this.running = handle;
    return run.result.then(({ stdout, failure }) => {
      if (this.running === handle) this.running = undefined;
      if (!cancelled) this.take(stdout, failure);
    });
  }

  /** Kills a run still going (the session is closing: nothing may be left behind). */
  cancel(): void {
    this.running?.kill();
  }

  private take(stdout: string, failure: string | undefined): void {
    const indent = " ".repeat(this.setting.padding);
    const lines = nonBlankLines(terminalSafe(stdout, true)).map((line) => indent + line);
    this.latest = failure === undefined && lines.length > 0 ? lines : undefined;
    if (failure !== undefined)
      this.sayOnce(`statusLine command failed (${failure}); codebot's own status line is shown`);
  }

  private sayOnce(message: string): void {
    if (this.failureSaid) return;
    this.failureSaid = true;
    this.options.onFailure(message);
  }
}

/**
 * The session's statusLine command, when the settings name one and there is a terminal to show
 * it on. `disableAllHooks` switches it off too, as in Claude Code.
 */
export function statusLineOf(
  rt: Runtime,
  terminal: boolean,
  hooksDisabled: boolean,
  onFailure: (message: string) => void,
): StatusLineCommand | undefined {
  const { settings } = rt.project;
  const setting = settings.statusLine;
  if (!terminal || hooksDisabled || setting === undefined) return undefined;
  return new StatusLineCommand(setting, {
    cwd: rt.cwd,
    // A project's approved `env` whose file changed since (the model rewrote `BASH_ENV`'s setup.sh)
    // is left out, as for hooks: your `bash ~/.claude/statusline.sh` would load it at every prompt.
    env: () => ({ ...process.env, ...withoutChangedLoads(settings.env, settings.envFiles) }),
    onFailure,
  });
}

function nonBlankLines(text: string): string[] {
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => line.trimEnd());
}
