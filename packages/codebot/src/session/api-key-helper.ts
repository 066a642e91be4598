/**
 * Claude Code's `apiKeyHelper` (user settings): a command whose output is the Anthropic API key,
 * for a key that lives in a vault or is minted per session. Run with `/bin/sh -c` once per process
 * (claude 2.1.328 runs it once at start, with no arguments: checked), and only when the
 * environment gives no key of its own: an ANTHROPIC_API_KEY or ANTHROPIC_AUTH_TOKEN set is what
 * codebot sends. (claude, checked, runs it then too and sends its output as `Authorization:
 * Bearer` beside the environment's `x-api-key`; codebot sends one key.)
 */
import { execFileSync } from "node:child_process";
import { type Env, ModelConfigError } from "@codebot/agentcore";

const TIMEOUT_MS = 30_000;

/** The keys helpers printed in this process, by command. */
const printed = new Map<string, string>();

/** `env` with ANTHROPIC_API_KEY from the helper, when it has no Anthropic key of its own. */
export function withHelperKey(env: Env, helper: string | undefined): Env {
  if (helper === undefined || env.ANTHROPIC_API_KEY?.trim() || env.ANTHROPIC_AUTH_TOKEN?.trim()) return env;
  return { ...env, ANTHROPIC_API_KEY: helperKey(helper, env) };
}

function helperKey(helper: string, env: Env): string {
  const known = printed.get(helper);
  if (known !== undefined) return known;
  let key: string;
  try {
    key = execFileSync("/bin/sh", ["-c", helper], {
      env,
      encoding: "utf8",
      timeout: TIMEOUT_MS,
      stdio: ["ignore", "pipe", "pipe"],
      maxBuffer: 64 * 1024,
    }).trim();
  } catch (error) {
    const failed = error as {
      status?: number | null;
      signal?: string | null;
      stderr?: string;
      message: string;
    };
    const why =
      failed.signal === "SIGTERM"
        ? `timed out after ${TIMEOUT_MS / 1000} s`
        : failed.status != null
          ? `exit code ${failed.status}${failed.stderr?.trim() ? `: ${failed.stderr.trim().split("\n")[0]}` : ""}`
          : failed.message;
    throw new ModelConfigError(`model: apiKeyHelper failed (${why}): ${helper}`);
  }
  if (key === "") throw new ModelConfigError(`model: apiKeyHelper printed no key: ${helper}`);
  printed.set(helper, key);
  return key;
}
