/**
 * An http hook's headers never carry a model credential (ANTHROPIC_API_KEY, OPENAI_API_KEY, …),
 * even when its allowedEnvVars lists it: the reference expands to nothing, the rest of the request
 * still goes out, and the run and the load both warn naming the variable (docs/http-hooks.md).
 * Claude Code 2.1.328 does the same for its own credentials.
 */
import { describe, expect, it } from "vitest";
import type { HttpSpec, RunContext } from "../src/executor.js";
import { createHttpExecutor } from "../src/http-executor.js";
import { headerEnvVars, withheldHeaderVars } from "../src/http-headers.js";
import { formatProblem, loadHooks } from "../src/index.js";
import { type LoopbackServer, loopbackServers, respondWith } from "./http-loopback.js";
import { layer } from "./support.js";

const ENV = {
  ANTHROPIC_API_KEY: "sk-ant-1",
  ANTHROPIC_AUTH_TOKEN: "auth-2",
  OPENAI_API_KEY: "sk-openai-3",
  CODEBOT_COMPAT_API_KEY: "compat-4",
  CLAUDE_CODE_OAUTH_TOKEN: "oauth-5",
  AWS_BEARER_TOKEN_BEDROCK: "bedrock-6",
  TEAM_TOKEN: "team-7",
};
const NAMES = Object.keys(ENV);

function context(): RunContext {
  return {
    payload: "{}",
    cwd: process.cwd(),
    env: ENV,
    timeoutMs: 10_000,
    signal: new AbortController().signal,
  };
}

const startServer = loopbackServers();

/** A hook at a fresh loopback endpoint whose headers name every variable of ENV, all allowed. */
async function everyVariableHook(): Promise<{ target: LoopbackServer; spec: HttpSpec }> {
  const target = await startServer(respondWith("{}"));
  const headers = Object.fromEntries(NAMES.map((name) => [`X-${name}`, `v=$${name};`]));
  return { target, spec: { type: "http", url: target.origin, headers, allowedEnvVars: NAMES } };
}

describe("model credentials in http hook headers", () => {
  it("go out as nothing while the other allowed variable goes out, and the request is still sent", async () => {
    const { target, spec } = await everyVariableHook();
    const executor = createHttpExecutor({ allowedHosts: [`127.0.0.1:${target.port}`] });
    const outcome = await executor.run(spec, context());
    await executor.close?.();
    expect(outcome.error).toBeUndefined();
    const sent = target.requests[0]?.headers ?? {};
    expect(NAMES.map((name) => sent[`x-${name.toLowerCase()}`])).toEqual([
      "v=;",
      "v=;",
      "v=;",
      "v=;",
      "v=;",
      "v=;",
      "v=team-7;",
    ]);
  });

  it("make the run warn once per credential, naming it and why", async () => {
    const { target, spec } = await everyVariableHook();
    const executor = createHttpExecutor({ allowedHosts: [`127.0.0.1:${target.port}`] });
    const outcome = await executor.run(spec, context());
    await executor.close?.();
    expect(outcome.warnings).toEqual(
      NAMES.slice(0, -1).map(
        (name) =>
          `$${name} is a model credential: http hook headers never carry it (whatever allowedEnvVars says), so it is sent as nothing`,
      ),
    );
  });

  it("are matched as GitHub Actions inputs too (INPUT_<NAME>); a lower-case name is no variable, sent as written", () => {
    const headers = { A: "$anthropic_api_key", B: "$INPUT_OPENAI_API_KEY", C: "$OPENAI_API_KEY_FILE" };
    const allowed = ["anthropic_api_key", "INPUT_OPENAI_API_KEY", "OPENAI_API_KEY_FILE"];
    expect(withheldHeaderVars(headers, allowed)).toEqual(["INPUT_OPENAI_API_KEY"]);
    expect(headerEnvVars(headers, allowed)).toEqual(["OPENAI_API_KEY_FILE"]);
  });

  it("warn at load for a project's hook and a user's own alike, even listed in httpHookAllowedEnvVars", () => {
    const hook = {
      type: "http",
      url: "https://hooks.example.com/h",
      headers: { Authorization: "Bearer $ANTHROPIC_API_KEY", "X-Team": "$TEAM_TOKEN" },
      allowedEnvVars: ["ANTHROPIC_API_KEY", "TEAM_TOKEN"],
    };
    const loaded = loadHooks([
      layer({ httpHookAllowedEnvVars: ["ANTHROPIC_API_KEY", "TEAM_TOKEN"], hooks: { PreToolUse: [hook] } }),
      layer({ hooks: { PostToolUse: [{ hooks: [hook] }] } }, "project"),
    ]);
    expect(loaded.problems.map(formatProblem)).toEqual([
      "/settings/user.json: hooks.PreToolUse[0].headers: $ANTHROPIC_API_KEY is a model credential: http hook headers never carry it (whatever allowedEnvVars says), so it is sent as nothing",
      "/settings/project.json: hooks.PostToolUse[0].hooks[0].headers: $ANTHROPIC_API_KEY is a model credential: http hook headers never carry it (whatever allowedEnvVars says), so it is sent as nothing",
    ]);
  });
});
