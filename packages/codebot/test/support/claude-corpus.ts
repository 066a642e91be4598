/**
 * The Claude Code hook corpus (`test/claude-corpus/`) installed into a temporary project the way a
 * Claude Code user has it: `.claude/settings.json` and the scripts in `.claude/hooks/`, unchanged.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ScriptedRequest, ScriptStep } from "@codebot/agentcore/testing";
import type { RuntimeOptions } from "../../src/session/runtime-options.js";
import { scratchDir, startSession, type TestSession } from "./e2e.js";

export const CORPUS = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "claude-corpus");

export interface CorpusSetup {
  script: ScriptStep<ScriptedRequest>[];
  /** Files of the project (relative path → content), written before the session starts. */
  files?: Record<string, string>;
  runtime?: Partial<RuntimeOptions>;
  /** Default true: the project's hooks and grants are trusted for the run (`--trust-project-hooks`). */
  trusted?: boolean;
}

/** A session in a project carrying the corpus, with `"claudeCompat": true` in the user settings. */
export async function corpusSession(setup: CorpusSetup): Promise<TestSession> {
  const project = scratchDir("codebot-claude-project-");
  const home = scratchDir("codebot-claude-home-");
  fs.mkdirSync(path.join(project, ".claude"), { recursive: true });
  fs.copyFileSync(path.join(CORPUS, "settings.json"), path.join(project, ".claude", "settings.json"));
  fs.cpSync(path.join(CORPUS, "hooks"), path.join(project, ".claude", "hooks"), { recursive: true });
  for (const [rel, content] of Object.entries(setup.files ?? {})) {
    fs.mkdirSync(path.dirname(path.join(project, rel)), { recursive: true });
    fs.writeFileSync(path.join(project, rel), content);
  }
  return startSession({
    dirs: { project, home },
    user: { claudeCompat: true },
    script: setup.script,
    runtime: { trustProjectHooks: setup.trusted ?? true, ...setup.runtime },
  });
}

/** The lines of a text file in the project ([] when missing). */
export function linesOf(s: TestSession, rel: string): string[] {
  const file = s.at(rel);
  return fs.existsSync(file)
    ? fs
        .readFileSync(file, "utf8")
        .split("\n")
        .filter((l) => l !== "")
    : [];
}
