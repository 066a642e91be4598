import { describe, expect, it } from "vitest";
import { formatProblem, loadHooks } from "../src/index.js";
import { layer } from "./support.js";

const httpHook = (allowedEnvVars: string[]) => ({
  type: "http",
  url: "https://hooks.example.com/h",
  headers: { Authorization: "Bearer $TOKEN", "X-Key": "$DEPLOY_SECRET" },
  allowedEnvVars,
});
const withHooks = (hooks: unknown[], extra: Record<string, unknown> = {}) => ({
  hooks: { PreToolUse: hooks },
  ...extra,
});
const envVarsOf = (loaded: ReturnType<typeof loadHooks>) =>
  loaded.hooks.map((h) => (h.spec.type === "http" ? h.spec.allowedEnvVars : undefined));

describe("httpHookAllowedEnvVars (Claude Code 2.1.328)", () => {
  it("cuts each http hook's allowedEnvVars to the list, with a warning naming what is left out", () => {
    const loaded = loadHooks([
      layer({ httpHookAllowedEnvVars: ["TOKEN"] }),
      layer(withHooks([httpHook(["TOKEN", "DEPLOY_SECRET"])]), "cli", "/settings/team.json"),
    ]);
    expect(envVarsOf(loaded)).toEqual([["TOKEN"]]);
    expect(loaded.problems.map(formatProblem)).toEqual([
      "/settings/team.json: hooks.PreToolUse[0].allowedEnvVars: DEPLOY_SECRET not in httpHookAllowedEnvVars: PreToolUse[0] http: https://hooks.example.com/h sends it as nothing",
    ]);
  });

  it("merges the lists of the user-owned layers, and a Claude Code group's hook is cut too", () => {
    const loaded = loadHooks([
      layer({ httpHookAllowedEnvVars: ["TOKEN"] }, "managed"),
      layer(
        withHooks([{ matcher: "Bash", hooks: [httpHook(["TOKEN", "DEPLOY_SECRET"])] }], {
          httpHookAllowedEnvVars: ["DEPLOY_SECRET"],
        }),
      ),
    ]);
    expect(envVarsOf(loaded)).toEqual([["TOKEN", "DEPLOY_SECRET"]]);
    expect(loaded.problems).toEqual([]);
  });

  it("from a project's settings it is ignored with a warning: a repository cannot widen it", () => {
    const loaded = loadHooks([
      layer({ httpHookAllowedEnvVars: ["TOKEN"] }),
      layer({ httpHookAllowedEnvVars: ["DEPLOY_SECRET"] }, "project"),
      layer(withHooks([httpHook(["DEPLOY_SECRET"])]), "cli"),
    ]);
    expect(envVarsOf(loaded)).toEqual([[]]);
    expect(loaded.problems.map((p) => [p.file, p.severity, p.field])).toEqual([
      ["/settings/project.json", "warning", "httpHookAllowedEnvVars"],
      // The hook's own allowedEnvVars leaves out the $TOKEN of its Authorization header.
      ["/settings/cli.json", "warning", "headers"],
      ["/settings/cli.json", "warning", "allowedEnvVars"],
    ]);
  });

  it("without a list, allowedEnvVars is the hook's own", () => {
    const loaded = loadHooks([layer(withHooks([httpHook(["TOKEN", "DEPLOY_SECRET"])]))]);
    expect(envVarsOf(loaded)).toEqual([["TOKEN", "DEPLOY_SECRET"]]);
  });

  it("a list that is not of names is an error", () => {
    const loaded = loadHooks([layer({ httpHookAllowedEnvVars: "TOKEN" })]);
    expect(loaded.problems.map(formatProblem)).toEqual([
      "/settings/user.json: httpHookAllowedEnvVars: must be a list of variable names",
    ]);
  });
});

describe("a header variable allowedEnvVars does not list", () => {
  it("is warned of at load, once per header and variable: it goes out as nothing", () => {
    const hook = {
      type: "http",
      url: "https://policy.example.com/check",
      headers: { Authorization: "Bearer ${POLICY_TOKEN}", "X-Team": "${TEAM}-$TEAM-$REGION" },
      allowedEnvVars: ["POLICY_TOKEN"],
    };
    const loaded = loadHooks([layer(withHooks([{ matcher: "Bash", hooks: [hook] }]))]);
    expect(loaded.problems.map(formatProblem)).toEqual([
      "/settings/user.json: hooks.PreToolUse[0].hooks[0].headers: header X-Team uses $TEAM, which allowedEnvVars does not list: it goes out as nothing",
      "/settings/user.json: hooks.PreToolUse[0].hooks[0].headers: header X-Team uses $REGION, which allowedEnvVars does not list: it goes out as nothing",
    ]);
  });
});
