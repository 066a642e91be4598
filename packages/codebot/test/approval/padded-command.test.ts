/**
 * A model's bash command padded with a long run of blanks is judged in linear time: the
 * redirection patterns, tried at each blank of the run, took quadratic time and held the whole
 * session (the event loop) for minutes before the deny rule refused the `rm` at its end.
 */
import fs from "node:fs";
import { expect, it } from "vitest";
import { ApprovalEngine } from "../../src/approval/approval-engine.js";
import { parsePermissionRule } from "../../src/approval/permission-rule.js";
import { TrustStore } from "../../src/approval/trust-store.js";
import { PathPolicy } from "../../src/paths/path-policy.js";
import { bashTool } from "../../src/tools/bash-tool.js";
import { tempDir } from "../support/temp-dirs.js";

it("a command padded with a million spaces is refused by the deny rule it hides, without hanging", {
  timeout: 120_000,
}, async () => {
  const project = tempDir("codebot-padded-");
  fs.writeFileSync(`${project}/victim`, "v");
  const paths = new PathPolicy(project);
  const rule = parsePermissionRule("Bash(rm:*)");
  if (!rule.ok) throw new Error(rule.error);
  const engine = new ApprovalEngine({
    mode: "bypassPermissions",
    rules: { allow: [], ask: [], deny: [rule.rule] },
    paths,
    trustStore: new TrustStore(tempDir("codebot-padded-home-"), project),
  });
  const command = `echo hi;${" ".repeat(1_000_000)}rm victim`;
  const decided = await engine.tools.decide(
    { id: "c1", name: "bash", args: { command } },
    bashTool({ paths, env: {} }),
    { agentName: "main", signal: new AbortController().signal },
  );
  expect(decided).toEqual({
    allowed: false,
    reason: 'permission denied: bash is refused by the deny rule "Bash(rm:*)"',
  });
});
