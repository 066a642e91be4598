/**
 * `--system-prompt-snapshot` (claude 2.1.328's, on by default): the system prompt of a conversation's
 * first request is recorded in its transcript and sent on every later request and resume, whatever
 * instructions a later launch passes, until the conversation is compacted or cleared.
 */
import { readFileSync } from "node:fs";
import type { LanguageModelV3CallOptions } from "@ai-sdk/provider";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { startSession } from "./support/e2e.js";

const systemOf = (request: LanguageModelV3CallOptions | undefined) =>
  request?.prompt.find((m) => m.role === "system")?.content;

/** A first session with instructions A that answered one prompt; its directories and id. */
async function recordedWithA() {
  const first = await startSession({ script: [reply.text("one")], runtime: { systemPrompt: "PROMPT-A" } });
  await first.runtime.prompt("one");
  await first.runtime.close();
  return { dirs: { project: first.project, home: first.home }, sessionId: first.runtime.sessionId, first };
}

describe("the system prompt snapshot", () => {
  it("is recorded once in the transcript, on the conversation's first request", async () => {
    const { first } = await recordedWithA();
    const snapshots = readFileSync(first.runtime.transcriptPath, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line))
      .filter((line) => line.type === "attachment");
    expect(snapshots).toEqual([
      expect.objectContaining({ attachment: { type: "prompt_snapshot", systemPrompt: ["PROMPT-A"] } }),
    ]);
  });

  it("a resumed conversation is sent the recorded prompt, not the instructions of the new launch", async () => {
    const { dirs, sessionId } = await recordedWithA();
    const resumed = await startSession({
      dirs,
      script: [reply.text("two")],
      runtime: { sessionId, resume: true, systemPrompt: "PROMPT-B", appendSystemPrompt: "MORE" },
    });
    await resumed.runtime.prompt("two");
    expect(systemOf(resumed.model.requests[0])).toBe("PROMPT-A");
  });

  it("off, a resumed conversation is sent the new launch's instructions", async () => {
    const { dirs, sessionId } = await recordedWithA();
    const resumed = await startSession({
      dirs,
      script: [reply.text("two")],
      runtime: { sessionId, resume: true, systemPrompt: "PROMPT-B", systemPromptSnapshot: false },
    });
    await resumed.runtime.prompt("two");
    expect(systemOf(resumed.model.requests[0])).toBe("PROMPT-B");
  });

  it("after a compaction the prompt is rendered and recorded afresh, and a later resume is sent that one", async () => {
    const { dirs, sessionId } = await recordedWithA();
    const resumed = await startSession({
      dirs,
      script: [reply.text("SUMMARY"), reply.text("after")],
      runtime: { sessionId, resume: true, systemPrompt: "PROMPT-B" },
    });
    await resumed.runtime.compact();
    await resumed.runtime.prompt("after");
    expect(systemOf(resumed.model.requests.at(-1))).toBe("PROMPT-B");
    await resumed.runtime.close();
    const again = await startSession({
      dirs,
      script: [reply.text("later")],
      runtime: { sessionId, resume: true, systemPrompt: "PROMPT-C" },
    });
    await again.runtime.prompt("later");
    expect(systemOf(again.model.requests[0])).toBe("PROMPT-B");
  });

  it("/clear starts a conversation whose prompt is rendered and recorded afresh", async () => {
    const { dirs, sessionId } = await recordedWithA();
    const resumed = await startSession({
      dirs,
      script: [reply.text("fresh")],
      runtime: { sessionId, resume: true, systemPrompt: "PROMPT-B" },
    });
    resumed.runtime.clear();
    await resumed.runtime.prompt("fresh");
    expect(systemOf(resumed.model.requests[0])).toBe("PROMPT-B");
  });
});

describe("--exclude-dynamic-system-prompt-sections", () => {
  it("moves the project directory from the default system prompt into the first prompt's context", async () => {
    const s = await startSession({
      script: [reply.text("ok")],
      runtime: { excludeDynamicSystemPrompt: true },
    });
    await s.runtime.prompt("go");
    const request = s.model.requests[0];
    expect(systemOf(request)).not.toContain(s.project);
    const firstUser = JSON.stringify(request?.prompt.find((m) => m.role === "user"));
    expect(firstUser).toContain(`The project directory is ${s.project}`);
  });

  it("without it the project directory is in the default system prompt, not in the context", async () => {
    const s = await startSession({ script: [reply.text("ok")] });
    await s.runtime.prompt("go");
    const request = s.model.requests[0];
    expect(systemOf(request)).toContain(`The project directory is ${s.project}`);
    expect(JSON.stringify(request?.prompt.find((m) => m.role === "user"))).not.toContain("project directory");
  });

  it("is ignored with a system prompt of the user's: nothing is added to the context", async () => {
    const s = await startSession({
      script: [reply.text("ok")],
      runtime: { excludeDynamicSystemPrompt: true, systemPrompt: "MINE" },
    });
    await s.runtime.prompt("go");
    expect(systemOf(s.model.requests[0])).toBe("MINE");
    expect(JSON.stringify(s.model.requests[0]?.prompt)).not.toContain("project directory");
  });
});
