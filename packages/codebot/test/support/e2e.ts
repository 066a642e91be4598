import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  type ScriptedModel,
  type ScriptedRequest,
  type ScriptStep,
  scriptedModel,
} from "@codebot/agentcore/testing";
import { afterEach } from "vitest";
import { createRuntime } from "../../src/session/create-runtime.js";
import type { Runtime } from "../../src/session/runtime.js";
import type { RuntimeOptions } from "../../src/session/runtime-options.js";
import type { SessionEvent } from "../../src/session/session-events.js";

export { command, group } from "./hook-entries.js";

export interface SessionSetup {
  /** The scripted model's turns; omit when `runtime.model` is given. */
  script?: ScriptStep<ScriptedRequest>[];
  user?: unknown;
  project?: unknown;
  local?: unknown;
  /** Each becomes one `--settings` file. */
  cli?: unknown[];
  runtime?: Partial<RuntimeOptions>;
  /** Reuse the project and CODEBOT_HOME of an earlier session (a second session of the same project). */
  dirs?: { project: string; home: string };
}

export interface TestSession {
  runtime: Runtime;
  model: ScriptedModel;
  project: string;
  home: string;
  notices: string[];
  events: SessionEvent[];
  /** A path inside the project. */
  at(rel: string): string;
  /** Lines of a JSONL file in the project, parsed ([] when missing). */
  jsonLines(rel: string): Record<string, unknown>[];
}

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A fresh real directory removed after the test (after any runtime in it is closed). */
export function scratchDir(prefix: string): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function writeJson(file: string, value: unknown): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(value, null, 2));
  return file;
}

/**
 * A runtime in a temporary project with a temporary CODEBOT_HOME, settings written as real files,
 * and the scripted model. Closed after the test.
 */
export async function startSession(setup: SessionSetup): Promise<TestSession> {
  const project = setup.dirs?.project ?? scratchDir("codebot-project-");
  const home = setup.dirs?.home ?? scratchDir("codebot-home-");
  if (setup.user !== undefined) writeJson(path.join(home, "settings.json"), setup.user);
  if (setup.project !== undefined) writeJson(path.join(project, ".codebot/settings.json"), setup.project);
  if (setup.local !== undefined) writeJson(path.join(project, ".codebot/settings.local.json"), setup.local);
  const settingsFiles = (setup.cli ?? []).map((s, i) => writeJson(path.join(home, `cli-${i}.json`), s));
  const model = scriptedModel(setup.script ?? []);
  const notices: string[] = [];
  const events: SessionEvent[] = [];
  const runtime = await createRuntime({
    cwd: project,
    codebotHome: home,
    // Claude Code's folder of the test, not the machine's; so are the managed settings.
    claudeHome: path.join(home, ".claude"),
    managedRoot: path.join(home, "etc"),
    settingsFiles,
    model,
    permissionMode: "bypassPermissions",
    notify: (m) => notices.push(m),
    onEvent: (e) => events.push(e),
    env: {},
    ...setup.runtime,
  });
  cleanups.push(() => runtime.close());
  return {
    runtime,
    model,
    project,
    home,
    notices,
    events,
    at: (rel) => path.join(project, rel),
    jsonLines: (rel) => {
      const file = path.join(project, rel);
      if (!fs.existsSync(file)) return [];
      return fs
        .readFileSync(file, "utf8")
        .split("\n")
        .filter((l) => l.trim() !== "")
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    },
  };
}

/** The text of every part of every message the model was sent in `request`, by role. */
export function promptText(
  request: ScriptedRequest | undefined,
  role: "user" | "tool" | "system" | "assistant",
): string[] {
  if (request === undefined) return [];
  const out: string[] = [];
  for (const message of request.prompt) {
    if (message.role !== role) continue;
    if (typeof message.content === "string") {
      out.push(message.content);
      continue;
    }
    for (const part of message.content) {
      if (part.type === "text") out.push(part.text);
      else if (part.type === "tool-result") {
        const output = part.output;
        out.push("value" in output ? String(output.value) : JSON.stringify(output));
      }
    }
  }
  return out;
}

/** The result text the model received for the tool call `callId`, from the request after it. */
export function toolResultFor(
  model: ScriptedModel,
  callId: string,
): { text: string; isError: boolean } | undefined {
  for (const request of model.requests) {
    for (const message of request.prompt) {
      if (message.role !== "tool") continue;
      for (const part of message.content) {
        if (part.type !== "tool-result" || part.toolCallId !== callId) continue;
        const output = part.output;
        const text = "value" in output ? String(output.value) : JSON.stringify(output);
        return { text, isError: output.type === "error-text" || output.type === "error-json" };
      }
    }
  }
  return undefined;
}
