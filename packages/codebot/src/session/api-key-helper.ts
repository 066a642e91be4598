/**
 * Claude Code's `apiKeyHelper` (user settings): a command whose output is the Anthropic API key,
 * for a key that lives in a vault or is minted for a while. As claude 2.1.328 does (checked
 * against a loopback server): run with `/bin/sh -c` and no arguments at the start, its output sent
 * as both `x-api-key` and `Authorization: Bearer`; run again once the key is older than
 * `CLAUDE_CODE_API_KEY_HELPER_TTL_MS` (default 5 minutes), and when the server answers 401, the
 * request then sent once more with the new key. Only when the environment gives no key of its
 * own: an ANTHROPIC_API_KEY or ANTHROPIC_AUTH_TOKEN set is what codebot sends. (claude, checked,
 * runs it then too and sends its output as `Authorization: Bearer` beside the environment's
 * `x-api-key`; codebot sends one key.)
 */
import { execFileSync } from "node:child_process";
import { type Env, ModelConfigError, type RotatingKey } from "@codebot/agentcore";
import { changedProgram } from "../settings/changed-program.js";
import type { ApiKeyHelperSetting } from "../settings/runtime-settings.js";
import { firstLine, startShortCommand } from "./short-command.js";

const TIMEOUT_MS = 30_000;
const OUTPUT_LIMIT = 64 * 1024;
/** How long a helper's key is used before the helper is asked again (claude's default). */
const DEFAULT_TTL_MS = 5 * 60_000;

/** The keys of the helpers run in this process, by command. */
const keys = new Map<string, HelperKey>();
/** The model environments whose ANTHROPIC_API_KEY a helper gave, and that helper's key. */
const helperEnvs = new WeakMap<Env, HelperKey>();

/**
 * `env` with ANTHROPIC_API_KEY from the helper, when it has no Anthropic key of its own. `runEnv`
 * makes the environment of each run: `env`, without a project's approved value whose loaded file
 * changed since (model-env.ts), for a later run must not load what the model rewrote.
 */
export function withHelperKey(
  env: Env,
  setting: ApiKeyHelperSetting | undefined,
  runEnv: () => Env = () => env,
): Env {
  if (setting === undefined || env.ANTHROPIC_API_KEY?.trim() || env.ANTHROPIC_AUTH_TOKEN?.trim()) return env;
  const helper = setting.command;
  let key = keys.get(helper);
  if (key === undefined) {
    refuseChanged(setting);
    key = new HelperKey(setting, runEnv, firstKey(setting, runEnv()), ttlOf(env));
    keys.set(helper, key);
  }
  const withKey = { ...env, ANTHROPIC_API_KEY: key.latest };
  helperEnvs.set(withKey, key);
  return withKey;
}

/** The helper's rotating key behind a model environment withHelperKey made, if it made it. */
export function helperKeyOf(env: Env): RotatingKey | undefined {
  return helperEnvs.get(env);
}

class HelperKey implements RotatingKey {
  private fetchedAt = Date.now();
  private asking: Promise<string> | undefined;

  constructor(
    private readonly setting: ApiKeyHelperSetting,
    private readonly runEnv: () => Env,
    public latest: string,
    private readonly ttlMs: number,
  ) {}

  async current(): Promise<string> {
    if (Date.now() - this.fetchedAt < this.ttlMs) return this.latest;
    // A key that expired may still be accepted: a helper failing now leaves it to the server.
    return this.ask().catch(() => this.latest);
  }

  async refused(sent: string): Promise<string | undefined> {
    // Another request already got a fresh key since this one was sent.
    if (sent !== this.latest) return this.latest;
    return this.ask();
  }

  /** Runs the helper once for all the requests that need a fresh key at the same time. */
  private ask(): Promise<string> {
    this.asking ??= Promise.resolve()
      .then(() => refuseChanged(this.setting))
      .then(() => runHelper(this.setting, this.runEnv()))
      .then((key) => {
        this.latest = key;
        this.fetchedAt = Date.now();
        return key;
      })
      .finally(() => {
        this.asking = undefined;
      });
    return this.asking;
  }
}

/**
 * A helper is not run once a project file it runs changed since it was approved, or it would run
 * one it did not then: the model may have edited `scripts/key.sh`, or written the
 * `node_modules/.bin/key-helper` that `npx key-helper` would run, during the session.
 */
function refuseChanged(setting: ApiKeyHelperSetting): void {
  const changed = changedProgram(setting.approved, setting.cwd ?? process.cwd(), "the apiKeyHelper");
  if (changed !== undefined) throw helperFailure(setting.command, changed);
}

function ttlOf(env: Env): number {
  const given = Number(env.CLAUDE_CODE_API_KEY_HELPER_TTL_MS);
  return env.CLAUDE_CODE_API_KEY_HELPER_TTL_MS?.trim() && Number.isFinite(given) && given >= 0
    ? given
    : DEFAULT_TTL_MS;
}

/** The first run, before the session starts: a failure stops it with the helper's reason. */
function firstKey(setting: ApiKeyHelperSetting, env: Env): string {
  const helper = setting.command;
  try {
    return keyOf(
      helper,
      execFileSync("/bin/sh", ["-c", helper], {
        env,
        ...(setting.cwd !== undefined ? { cwd: setting.cwd } : {}),
        encoding: "utf8",
        timeout: TIMEOUT_MS,
        stdio: ["ignore", "pipe", "pipe"],
        maxBuffer: OUTPUT_LIMIT,
      }),
    );
  } catch (error) {
    if (error instanceof ModelConfigError) throw error;
    const failed = error as {
      status?: number | null;
      signal?: string | null;
      stderr?: string;
      message: string;
    };
    throw helperFailure(
      helper,
      failed.signal === "SIGTERM"
        ? `timed out after ${TIMEOUT_MS / 1000} s`
        : failed.status != null
          ? exitReason(failed.status, failed.stderr ?? "")
          : failed.message,
    );
  }
}

/**
 * A later run, during the session: not blocking the terminal while a vault answers, and killed
 * with its whole process group when it takes too long.
 */
async function runHelper(setting: ApiKeyHelperSetting, env: Env): Promise<string> {
  const helper = setting.command;
  const { stdout, failure } = await startShortCommand(helper, {
    env: env as NodeJS.ProcessEnv,
    ...(setting.cwd !== undefined ? { cwd: setting.cwd } : {}),
    timeoutMs: TIMEOUT_MS,
    outputLimit: OUTPUT_LIMIT,
  }).result;
  if (failure !== undefined) throw helperFailure(helper, failure);
  return keyOf(helper, stdout);
}

function keyOf(helper: string, output: string): string {
  const key = output.trim();
  if (key === "") throw new ModelConfigError(`model: apiKeyHelper printed no key: ${helper}`);
  return key;
}

function exitReason(code: number | null, stderr: string): string {
  const why = firstLine(stderr);
  return `exit code ${code}${why ? `: ${why}` : ""}`;
}

function helperFailure(helper: string, why: string): ModelConfigError {
  return new ModelConfigError(`model: apiKeyHelper failed (${why}): ${helper}`);
}
