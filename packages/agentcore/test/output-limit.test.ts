import { afterEach, describe, expect, test } from "vitest";
import {
  type AnswerReader,
  OUTPUT_LIMIT_RESUME_TEXT,
  OutputLimitError,
  resolveModel,
  SUBAGENT_RESUME_TEXTS,
} from "../src/index.js";
import {
  type LoopbackModelServer,
  rawToolCall,
  reply,
  startLoopbackModelServer,
  type TurnReply,
} from "../src/testing/index.js";
import { echoTool, runToEnd } from "./helpers.js";

let server: LoopbackModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A run against the loopback server answering `script`, through `provider`'s real model. */
async function run(
  script: TurnReply[],
  provider: "anthropic" | "openai" = "anthropic",
  answerReader?: AnswerReader,
) {
  server = await startLoopbackModelServer(script);
  const model =
    provider === "anthropic"
      ? await resolveModel("anthropic/claude-sonnet-4-5", {
          ANTHROPIC_API_KEY: "k",
          ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
        })
      : await resolveModel("openai/gpt-4.1", { OPENAI_API_KEY: "k", OPENAI_BASE_URL: server.openaiBaseUrl });
  const { tool } = echoTool();
  const run = await runToEnd({ model, tools: [tool], ...(answerReader ? { answerReader } : {}) });
  return { ...run, requests: server.requests };
}

/** The text of the last message of a request body (Anthropic's or OpenAI's). */
function lastUserText(body: { messages: { role: string; content: unknown }[] }): unknown {
  const last = body.messages.at(-1);
  const content = last?.content;
  return Array.isArray(content) ? (content as { text?: string }[]).map((p) => p.text).join("") : content;
}

describe("an answer stopped at the output token limit, as claude 2.1.328 handles it (recorded)", () => {
  test("a text answer cut at max_tokens is resumed: the model is sent claude's words and answers on", async () => {
    const { result, requests } = await run([reply.atLimit("part one, cut"), reply.text("part two")]);
    expect(result.reason).toBe("stop");
    expect(requests).toHaveLength(2);
    const second = requests[1]?.body;
    expect(second.messages.at(-2)).toMatchObject({ role: "assistant" });
    expect(lastUserText(second)).toBe(OUTPUT_LIMIT_RESUME_TEXT);
  });

  test("a sub-agent's run (its answer read by an agent) is resumed with claude's words for a sub-agent, then the session's", async () => {
    const script = [reply.atLimit("a"), reply.atLimit("b"), reply.atLimit("c"), reply.text("whole")];
    const { result, requests } = await run(script, "anthropic", "agent");
    expect(result.reason).toBe("stop");
    expect(requests.slice(1).map((r) => lastUserText(r.body))).toEqual([
      ...SUBAGENT_RESUME_TEXTS,
      OUTPUT_LIMIT_RESUME_TEXT,
    ]);
  });

  test("thinking cut before its signature is dropped, not sent back as an empty answer (as claude drops it)", async () => {
    const cutThinking: TurnReply = { kind: "reply", reasoning: "thinking on", signature: "", atLimit: true };
    const { result, requests } = await run([cutThinking, reply.text("answer")]);
    expect(result.reason).toBe("stop");
    const messages = requests[1]?.body.messages as { role: string; content: unknown[] }[];
    expect(messages.map((m) => m.role)).toEqual(["user"]);
    expect(JSON.stringify(messages)).not.toContain("thinking on");
    expect(lastUserText(requests[1]?.body)).toContain(OUTPUT_LIMIT_RESUME_TEXT);
  });

  test("a 4th cut in a row ends the run with an error naming the limit", async () => {
    const { result, requests } = await run([
      reply.atLimit("a"),
      reply.atLimit("b"),
      reply.atLimit("c"),
      reply.atLimit("d"),
    ]);
    expect(requests).toHaveLength(4);
    expect(result.reason).toBe("error");
    expect(result.error).toBeInstanceOf(OutputLimitError);
    expect(result.error?.message).toMatch(/output token maximum 4 times in a row/);
  });

  test("a step not cut starts the count again (claude resumed a 4th cut after a tool call)", async () => {
    const { result, requests } = await run([
      reply.atLimit("a"),
      reply.atLimit("b"),
      reply.atLimit("c"),
      reply.toolCall("echo", { text: "hi" }),
      reply.atLimit("d"),
      reply.text("end"),
    ]);
    expect(result.reason).toBe("stop");
    expect(requests).toHaveLength(6);
  });

  test("a tool call cut mid-arguments is not resumed: it gets an error result and the model answers on", async () => {
    const cutCall: TurnReply = {
      kind: "reply",
      toolCalls: [rawToolCall("echo", '{"text":"h', "toolu_cut")],
      atLimit: true,
    };
    const { result, requests } = await run([cutCall, reply.text("again")]);
    expect(result.reason).toBe("stop");
    const last = requests[1]?.body.messages.at(-1);
    expect(JSON.stringify(last)).toContain('"is_error":true');
    expect(JSON.stringify(last)).not.toContain("Output token limit hit");
  });

  test("the cut call's error says it was cut at the output token limit, and how to make it again", async () => {
    const cutCall: TurnReply = {
      kind: "reply",
      toolCalls: [rawToolCall("echo", '{"text":"h', "toolu_cut")],
      atLimit: true,
    };
    const { requests } = await run([cutCall, reply.text("again")]);
    const last = JSON.stringify(requests[1]?.body.messages.at(-1));
    expect(last).toContain("cut at the output token limit inside this call");
    expect(last).toContain("several smaller calls");
  });

  test("an OpenAI answer cut at its length limit is resumed the same way", async () => {
    const { result, requests } = await run([reply.atLimit("part one"), reply.text("part two")], "openai");
    expect(result.reason).toBe("stop");
    expect(lastUserText(requests[1]?.body)).toBe(OUTPUT_LIMIT_RESUME_TEXT);
  });
});
