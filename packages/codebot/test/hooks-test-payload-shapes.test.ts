/**
 * `codebot hooks test` builds its inputs apart from the places a session fires each event: this
 * test keeps the two from drifting. A scripted session fires every event it can, its hooks
 * record what they get, and the synthetic payload of each event (with only the flags the user
 * must give) must have the same fields, of the same types, for native entries and Claude Code
 * groups alike.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { buildClaudePayload, buildPayload, EVENT_SPECS, type HookEvent } from "@codebot/hooks";
import { describe, expect, it } from "vitest";
import {
  firedBeforeAnyPrompt,
  type SyntheticFlags,
  syntheticInput,
} from "../src/cli/hooks/synthetic-event.js";
import { command, scratchDir, startSession } from "./support/e2e.js";

/** Each event the session below fires, with the flags `hooks test` needs for it. */
const FIRED: [HookEvent, SyntheticFlags][] = [
  ["Setup", {}],
  ["SessionStart", {}],
  ["InstructionsLoaded", {}],
  ["UserPromptSubmit", { prompt: "go" }],
  ["PreToolUse", { tool: "Bash", args: { command: "true" } }],
  ["PostToolUse", { tool: "Bash", args: { command: "true" } }],
  ["PostToolUseFailure", { tool: "Bash", args: { command: "false" } }],
  ["PostToolBatch", { tool: "Bash", args: { command: "true" } }],
  ["TaskCreated", {}],
  ["TaskCompleted", {}],
  ["CwdChanged", { args: { new_cwd: "sub" } }],
  ["SubagentStart", { agent: "helper" }],
  ["SubagentStop", { agent: "helper" }],
  ["Stop", {}],
  ["PostStopValidation", {}],
  ["PreCompact", {}],
  ["PostCompact", {}],
  ["StopFailure", {}],
  ["SessionEnd", {}],
];

/** A payload's fields and the types of their values, nested; values themselves do not count. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value === null) return "null";
  if (typeof value !== "object") return typeof value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, v]) => [key, shape(v)]),
  );
}

/** Writes the payload of the event's first firing to `<kind>-<event>.json` (later ones are dropped). */
const record = (file: string) => `{ set -C; cat > ${file}; } 2>/dev/null || cat > /dev/null`;

describe("hooks test's synthetic payloads", () => {
  it("have the fields, and their types, of the payloads a session gives, event by event", async () => {
    const project = scratchDir("codebot-project-");
    const home = scratchDir("codebot-home-");
    fs.writeFileSync(path.join(project, "AGENTS.md"), "Be brief.\n");
    const hooks: Record<string, unknown[]> = {};
    for (const [event] of FIRED) {
      // Tool events: only the bash calls, so the first firing is the one the flags describe.
      const tool = EVENT_SPECS[event].claude.matchOn === "tool";
      hooks[event] = [
        command(record(`native-${event}.json`), tool ? { matcher: "bash" } : {}),
        { matcher: tool ? "Bash" : "", hooks: [command(record(`claude-${event}.json`))] },
      ];
    }
    const s = await startSession({
      dirs: { project, home },
      user: { hooks },
      runtime: { setup: "init" },
      script: [
        reply.toolCall("bash", { command: "true" }),
        reply.toolCall("bash", { command: "false" }),
        reply.toolCall("task_create", { subject: "tidy", description: "tidy up" }),
        reply.toolCall("task_update", { task_id: "1", status: "completed" }),
        reply.toolCall("bash", { command: "mkdir -p sub && cd sub" }),
        reply.toolCall("agent", { name: "helper", prompt: "help" }),
        reply.text("helped"),
        reply.text("done"),
        reply.text("SUMMARY: a tidy session"),
        { kind: "http-error", status: 401 },
      ],
    });
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "completed", text: "done" });
    expect(await s.runtime.compact()).toMatchObject({ compacted: true });
    await s.runtime.prompt("again");
    await s.runtime.close();

    for (const [event, flags] of FIRED) {
      const fields = { ...syntheticInput(event, { ...flags, cwd: project }), ...EVENT_SPECS[event].fixed };
      // As `hooks test` fires it: a prompt_id unless a session fires the event before any prompt.
      const session = {
        sessionId: s.runtime.sessionId,
        cwd: s.runtime.cwd,
        transcriptPath: s.runtime.transcriptPath,
        permissionMode: s.runtime.permissionMode,
        ...(firedBeforeAnyPrompt(event) ? {} : { promptId: s.runtime.promptId }),
      };
      const synthetic = {
        native: JSON.parse(buildPayload(event, session, fields)),
        claude: JSON.parse(buildClaudePayload(event, session, fields)),
      };
      for (const kind of ["native", "claude"] as const) {
        const file = s.at(`${kind}-${event}.json`);
        expect(fs.existsSync(file), `${event} did not fire`).toBe(true);
        const given = JSON.parse(fs.readFileSync(file, "utf8"));
        expect.soft(shape(synthetic[kind]), `${event}, ${kind} payload`).toEqual(shape(given));
      }
    }
  });
});
