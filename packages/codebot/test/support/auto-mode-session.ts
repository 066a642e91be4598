/**
 * A session in `auto` mode whose model, the classifier's too, is a real provider on the loopback
 * server: the main agent's requests and the classifier's come in order from one script (the
 * classifier is asked while the call waits for its verdict).
 */
import type { ToolCall } from "@codebot/agentcore";
import { type RecordedRequest, type ScriptStep, startLoopbackModelServer } from "@codebot/agentcore/testing";
import { afterEach } from "vitest";
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
