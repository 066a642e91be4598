/**
 * A session in `auto` mode whose model, the classifier's too, is a real provider on the loopback
 * server: the main agent's requests and the classifier's come in order from one script (the
 * classifier is asked while the call waits for its verdict).
 */
import type { ToolCall } from "@codebot/agentcore";
import {
  type RecordedRequest,
  reply,
  type ScriptStep,
  startLoopbackModelServer,
  toolCall,
} from "@codebot/agentcore/testing";
import { afterEach, expect } from "vitest";
import type { PermissionDecision } from "../../src/approval/permission-decision.js";
import type { RuntimeOptions } from "../../src/session/runtime-options.js";
import { type SessionSetup, startSession } from "./e2e.js";

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A command no rule, mode or read-only check lets run: only the classifier's allow does. */
export const WRITER = `node -e "require('fs').writeFileSync('ran.txt', 'x')"`;

export async function autoSession(
  script: ScriptStep<RecordedRequest>[],
  extra: Omit<SessionSetup, "runtime" | "script"> & {
    runtime?: Partial<RuntimeOptions>;
    env?: Record<string, string>;
  } = {},
) {
  const server = await startLoopbackModelServer(script);
  servers.push(server);
  const decisions: { id: string; decision: PermissionDecision }[] = [];
  const { runtime, env, ...files } = extra;
  const s = await startSession({
    ...files,
    runtime: {
      model: "anthropic/claude-test",
      env: { ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseUrl, ...env },
      permissionMode: "auto",
      onPermissionDecision: (call: ToolCall, decision: PermissionDecision) =>
        decisions.push({ id: call.id, decision }),
      ...runtime,
    },
  });
  return { s, server, decisions };
}

/** The text the model got back for its call, from the main agent's next request. */
export function resultSent(request: RecordedRequest | undefined): string {
  return JSON.stringify(request?.body.messages.at(-1)?.content ?? "");
}

/** A person who approves each question once; `asked` gets the tool of each question put to them. */
export function approvingOnce(asked: string[]): Partial<RuntimeOptions> {
  return {
    askToolApproval: async (request) => {
      asked.push(request.tool);
      return "once";
    },
  };
}

/** The classifier's instructions: the system prompt of its request (the second of the script). */
export function instructions(request: RecordedRequest | undefined): string {
  const system: string | { text: string }[] = request?.body.system ?? "";
  return typeof system === "string" ? system : system.map((block) => block.text).join("\n");
}

/** One call judged (allowed), then the end of the turn. */
export const judgedOnce = () => [
  reply.toolCalls(toolCall("bash", { command: WRITER }, "c1")),
  reply.text("<block>no</block>"),
  reply.text("done"),
];

/** The part of the instructions under `heading` (up to the next `## `). */
export function sectionOf(text: string, heading: string): string {
  const start = text.indexOf(heading);
  expect(start).toBeGreaterThanOrEqual(0);
  const end = text.indexOf("\n## ", start + heading.length);
  return text.slice(start, end === -1 ? undefined : end);
}
