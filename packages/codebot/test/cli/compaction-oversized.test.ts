/**
 * Compaction past one message bigger than the model's window (a huge paste): the summary request
 * gets the message cut (head and tail, with a marker), the compaction succeeds, the transcript
 * keeps the whole message. The loopback model rejects any request whose messages exceed the window,
 * as a provider's "prompt is too long" does.
 */
import fs from "node:fs";
import path from "node:path";
import {
  type LoopbackModelServer,
  type RecordedRequest,
  reply,
  type TurnReply,
} from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, requestText, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { expectNoStackTrace, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const MODEL = "anthropic/claude-small-window";
const WINDOW = 2000;

/**
 * Answers `answer`, or 400 "prompt is too long" when the request's messages exceed the window,
 * counted at `charsPerToken` characters a token (codebot estimates 4).
 */
const windowed =
  (answer: string, charsPerToken = 4) =>
  (request: RecordedRequest): TurnReply => {
    const tokens = Math.ceil(requestText(request).length / charsPerToken);
    return tokens > WINDOW
      ? reply.httpError(400, { message: `prompt is too long: ${tokens} tokens > ${WINDOW} maximum` })
      : reply.text(answer);
  };

/** `-p "explain this log"` with `paste` on stdin, on MODEL with its WINDOW-token window. */
function explainLog(box: Sandbox, server: LoopbackModelServer, paste: string) {
  const settings = box.json("s.json", { models: { [MODEL]: { contextWindow: WINDOW } } });
  return runCli(["-p", "explain this log", "--model", MODEL, "--settings", settings, "--cwd", box.project], {
    env: modelEnv(server, box.home),
    input: paste,
  });
}

/** The one transcript under CODEBOT_HOME/projects/<slug>/. */
function transcriptText(home: string): string {
  const dir = path.join(home, "projects");
  const [slug] = fs.readdirSync(dir);
  const files = fs.readdirSync(path.join(dir, slug as string)).filter((f) => f.endsWith(".jsonl"));
  return fs.readFileSync(path.join(dir, slug as string, files[0] as string), "utf8");
}

describe("compaction of a conversation with a message bigger than the window", () => {
  it("a pasted log five times the window: the summary request has its head and tail with a marker, the run answers, the transcript keeps it whole", async () => {
    const box = sandbox();
    const middle = "m".repeat(WINDOW * 4 * 5);
    const paste = `PASTE-HEAD ${middle} PASTE-TAIL`;
    const server = await modelServer([windowed("SUMMARY: a pasted log"), windowed("the log is fine")]);
    const result = await explainLog(box, server, paste);

    expectNoStackTrace(result.stderr);
    expect(result.stdout.trim()).toBe("the log is fine");
    expect(result.code).toBe(0);
    const summaryRequest = requestText(server.requests[0]);
    expect(summaryRequest).toContain("Summarise the conversation so far");
    expect(summaryRequest).toContain("PASTE-HEAD");
    expect(summaryRequest).toContain("PASTE-TAIL");
    expect(summaryRequest).toMatch(/characters left out/);
    expect(result.stderr).toContain("conversation compacted (auto)");
    expect(result.stderr).toContain(
      "your latest request cut to fit the window (the transcript has it whole)",
    );
    expect(result.stderr).not.toContain("kept as they were");
    expect(transcriptText(box.home)).toContain(middle);
  });

  it("a model whose tokens are fewer characters than codebot estimates (2, as in Chinese text): the summary request it rejects as too long is sent again cut shorter", async () => {
    const box = sandbox();
    const paste = `PASTE-HEAD ${"m".repeat(WINDOW * 4 * 5)} PASTE-TAIL`;
    const server = await modelServer([
      windowed("SUMMARY", 2),
      windowed("SUMMARY: a pasted log", 2),
      windowed("the log is fine", 2),
    ]);
    const result = await explainLog(box, server, paste);

    expectNoStackTrace(result.stderr);
    expect(result.stdout.trim()).toBe("the log is fine");
    expect(result.code).toBe(0);
    const [rejected, accepted] = server.requests.map(requestText);
    expect(rejected).toContain("Summarise the conversation so far");
    expect(accepted).toContain("Summarise the conversation so far");
    expect(accepted?.length).toBeLessThan((rejected?.length ?? 0) * 0.6);
    expect(accepted).toContain("PASTE-HEAD");
  });

  it("a request the model refuses as too long though codebot's estimate is under the threshold (2 characters a token): the conversation is compacted then and the step sent again", async () => {
    const box = sandbox();
    // About 1250 tokens by codebot's estimate (under 85% of 2000), 2500 for this model.
    const paste = `PASTE-HEAD ${"m".repeat(WINDOW * 2.5)} PASTE-TAIL`;
    const server = await modelServer(
      ["unused", "unused", "SUMMARY: a pasted log", "the log is fine"].map((answer) => windowed(answer, 2)),
    );
    const result = await explainLog(box, server, paste);

    expectNoStackTrace(result.stderr);
    expect(result.stdout.trim()).toBe("the log is fine");
    expect(result.code).toBe(0);
    expect(result.stderr).toContain("conversation compacted (auto)");
    const [refused, ...rest] = server.requests.map(requestText);
    expect(refused).not.toContain("Summarise the conversation so far");
    expect(rest.at(-1)).toContain("SUMMARY: a pasted log");
  });
});
