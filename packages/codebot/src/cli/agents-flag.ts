import fs from "node:fs";
import type { Problem } from "@codebot/hooks";
import { type AgentDefinition, parseAgentsFlag } from "../agents/agent-definition.js";
import { CliError } from "./cli-error.js";

/**
 * `--agents <json-or-file>` (Claude Code's): custom sub-agents for this session, as JSON inline
 * or in a file. An agent that cannot be used is an error before anything runs (the user typed it);
 * a key codebot does not act on is a warning.
 */
export function agentsFlag(value: string, warn: (line: string) => void): AgentDefinition[] {
  const text = value.trim().startsWith("{") ? value : readAgentsFile(value);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new CliError(`--agents is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new CliError('--agents must be a JSON object: {"<name>": {"description": …, "prompt": …}}');
  const problems: Problem[] = [];
  const agents = parseAgentsFlag(parsed as Record<string, unknown>, problems);
  const errors = problems.filter((p) => p.severity === "error");
  if (errors.length > 0) throw new CliError(errors.map(flagProblem).join("\ncodebot: "));
  for (const problem of problems) warn(`codebot: ${flagProblem(problem)}`);
  return agents;
}

/** `--agents: reviewer: has no "prompt" …`: the problem as the flag's, not a settings file's. */
function flagProblem(problem: Problem): string {
  return `--agents: ${problem.message.replace(/^agent: /, "")}`;
}

function readAgentsFile(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (error) {
    throw new CliError(`--agents: not JSON, and no file to read (${(error as Error).message})`);
  }
}
