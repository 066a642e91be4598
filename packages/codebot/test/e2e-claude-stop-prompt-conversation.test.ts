/**
 * A Claude Code prompt hook on Stop or SubagentStop judges the stopping agent's conversation, as
 * claude 2.1.328's does (recorded against a loopback model server, docs/claude-code.md): the
 * verifier request holds that conversation — tool calls and results as tool_use and tool_result
 * blocks, no tool definitions — then "Based on the conversation transcript above…" with the
 * condition, under claude's verifier system prompt. Runs against the loopback Anthropic server, so
 * the request is what the provider puts on the wire. A native prompt hook keeps §6.2's one message.
 */

import type { RecordedRequest } from "@codebot/agentcore/testing";
import { reply, startLoopbackModelServer, toolCall } from "@codebot/agentcore/testing";
import { afterEach, describe, expect, it } from "vitest";
import { startSession } from "./support/e2e.js";

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** The first words of claude 2.1.328's verifier system prompt, as recorded. */
const CLAUDE_VERIFIER =
  "You are evaluating a stop-condition hook in Claude Code. Read the conversation transcript carefully, " +
  "then judge whether the user-provided condition is satisfied.\n\n";

const ASK =
  "Based on the conversation transcript above, has the following stopping condition been satisfied? " +
  "Answer based on transcript evidence only.\n\nCondition: ";

type Block = { type: string; text?: string; id?: string; tool_use_id?: string; name?: string };
type Message = { role: string; content: string | Block[] };

interface Body {
  model?: string;
  system?: string | Block[];
  messages: Message[];
  tools?: unknown[];
}

function bodyOf(request: RecordedRequest | undefined): Body {
  if (request === undefined) throw new Error("the model server got no such request");
  return request.body as Body;
}

/** A request's messages with the prompt cache's markers taken out (they move with the last message). */
function messagesOf(request: RecordedRequest | undefined): Message[] {
  const { messages } = bodyOf(request);
  return JSON.parse(JSON.stringify(messages, (key, value) => (key === "cache_control" ? undefined : value)));
}

function systemText(request: RecordedRequest | undefined): string {
  const { system } = bodyOf(request);
  return typeof system === "string" ? system : (system ?? []).map((b) => b.text ?? "").join("");
}

function lastUserText(messages: Message[]): string {
  const last = messages.at(-1);
  expect(last?.role).toBe("user");
  const content = last?.content ?? "";
  return typeof content === "string" ? content : content.map((b) => b.text ?? "").join("");
}

async function sessionOn(
  script: Parameters<typeof startLoopbackModelServer>[0],
  hooks: Record<string, unknown>,
) {
  const server = await startLoopbackModelServer(script);
  servers.push(server);
  const s = await startSession({
    user: { hooks },
    runtime: {
      model: "anthropic/claude-main",
      env: { ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseUrl },
    },
  });
  return { s, requests: server.requests };
}

describe("a Claude Code prompt hook on a stop judges the conversation, as claude 2.1.328's", () => {
  it("on Stop: the main conversation, thinking, tool_use and tool_result blocks kept, then the condition", async () => {
    const condition = "Check if all tasks are complete.";
    const { s, requests } = await sessionOn(
      [
        reply.turn({
          reasoning: "check first",
          toolCalls: [toolCall("bash", { command: "echo checked" }, "b1")],
        }),
        reply.text("all done"),
        reply.text('{"ok": true}'),
      ],
      { Stop: [{ hooks: [{ type: "prompt", prompt: condition }] }] },
    );
    expect(await s.runtime.prompt("main task")).toMatchObject({ status: "completed", text: "all done" });
    expect(requests).toHaveLength(3);
    const verifier = requests[2];
    const messages = messagesOf(verifier);
    // The conversation as the agent's model last saw it, then its answer, then the question.
    expect(messages.slice(0, -2)).toEqual(messagesOf(requests[1]));
    expect(messages.at(-2)).toEqual({ role: "assistant", content: [{ type: "text", text: "all done" }] });
    const assistant = messages.find((m) => m.role === "assistant");
    expect(assistant?.content).toContainEqual(
      expect.objectContaining({ type: "tool_use", id: "b1", name: "bash" }),
    );
    // Its thinking too, signed, as claude keeps it (with the verifier's own thinking off).
    expect(assistant?.content).toContainEqual(
      expect.objectContaining({ type: "thinking", thinking: "check first" }),
    );
    expect(JSON.stringify(messages)).toContain('"tool_use_id":"b1"');
    const asked = lastUserText(messages);
    expect(asked.startsWith(`${ASK}${condition}\n\nARGUMENTS: {`)).toBe(true);
    const payload = JSON.parse(asked.slice(asked.indexOf("ARGUMENTS: ") + 11));
    expect(payload).toMatchObject({ hook_event_name: "Stop", last_assistant_message: "all done" });
    // The conversation goes to the model beside the payload, never into it.
    expect(JSON.stringify(payload)).not.toContain("check first");
    expect(systemText(verifier).startsWith(CLAUDE_VERIFIER)).toBe(true);
    expect(bodyOf(verifier).tools ?? []).toEqual([]);
    expect(bodyOf(verifier).model).toBe("claude-main");
  });

  it("on SubagentStop: the sub-agent's own conversation, not the main one", async () => {
    const { s, requests } = await sessionOn(
      [
        reply.toolCall("agent", { prompt: "sub task: count the files" }, "a1"),
        reply.toolCalls(toolCall("bash", { command: "echo 3" }, "s1")),
        reply.text("three files"),
        reply.text('{"ok": true}'),
        reply.text("main done"),
      ],
      { SubagentStop: [{ hooks: [{ type: "prompt", prompt: "Did it count them?" }] }] },
    );
    expect(await s.runtime.prompt("main task")).toMatchObject({ status: "completed", text: "main done" });
    expect(requests).toHaveLength(5);
    const messages = messagesOf(requests[3]);
    expect(messages.slice(0, -2)).toEqual(messagesOf(requests[2]));
    expect(JSON.stringify(messages)).toContain("sub task: count the files");
    expect(JSON.stringify(messages)).toContain('"tool_use_id":"s1"');
    expect(JSON.stringify(messages)).not.toContain("main task");
    expect(lastUserText(messages).startsWith(`${ASK}Did it count them?\n\nARGUMENTS: {`)).toBe(true);
    expect(systemText(requests[3]).startsWith(CLAUDE_VERIFIER)).toBe(true);
  });

  it("the verifier's call counts as the session's, as claude 2.1.328's does (recorded: its cost-state doubled)", async () => {
    const { s, requests } = await sessionOn([reply.text("all done"), reply.text('{"ok": true}')], {
      Stop: [{ hooks: [{ type: "prompt", prompt: "Is it done?" }] }],
    });
    await s.runtime.prompt("main task");
    expect(requests).toHaveLength(2);
    expect(s.runtime.usage.models().get("anthropic/claude-main")).toMatchObject({ steps: 2 });
  });

  it("a native prompt hook on Stop still sends its prompt and payload only (HOOKS.md §6.2)", async () => {
    const { s, requests } = await sessionOn(
      [
        reply.toolCalls(toolCall("bash", { command: "echo checked" }, "b1")),
        reply.text("all done"),
        reply.text('{"ok": true}'),
      ],
      { Stop: [{ type: "prompt", prompt: "Is it done? $ARGUMENTS" }] },
    );
    await s.runtime.prompt("main task");
    const messages = messagesOf(requests[2]);
    expect(messages).toHaveLength(1);
    expect(lastUserText(messages).startsWith("Is it done? {")).toBe(true);
    expect(JSON.stringify(messages)).not.toContain("main task");
    expect(systemText(requests[2])).toMatch(/^You are a hook that checks one step of a coding agent\./);
  });
});
