/**
 * `--prompt-suggestions`, replaying what claude 2.1.328 did against a loopback server: once a turn's
 * `result` line is out, one more request — the conversation, then claude's suggestion request as a
 * user message — and a `{"type":"prompt_suggestion","suggestion",uuid,session_id}` line with its
 * answer. None while the conversation has fewer than two blocks of answer, when the last answer
 * took over 10000 uncached tokens, or when the answer is no prompt a user would type.
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { cliEnv, jsonLines, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const SUGGEST = ["--output-format", "stream-json", "--prompt-suggestions"];

async function run(
  script: Parameters<typeof modelServer>[0],
  args: string[],
  input?: string,
  env: Record<string, string> = {},
): Promise<{ lines: Record<string, unknown>[]; requests: { body: { messages: unknown[] } }[] }> {
  const box = sandbox();
  const server = await modelServer(script);
  const r = await runCli([...args, "--cwd", box.project], {
    env: modelEnv(server, box.home, env),
    ...(input !== undefined ? { input } : {}),
  });
  expect(r.code, r.stderr).toBe(0);
  return { lines: jsonLines(r.stdout), requests: server.requests };
}

const lastText = (request: { body: { messages: unknown[] } } | undefined) =>
  JSON.stringify(request?.body.messages.at(-1));

/** A turn that calls a tool, then answers: two answers, as in claude's recording. */
const FIXED = [reply.toolCall("glob", { pattern: "*" }, "c1"), reply.text("Fixed the bug.")];

describe("--prompt-suggestions", () => {
  it("after the result line, a prompt_suggestion line with the model's guess, asked with the conversation", async () => {
    const { lines, requests } = await run(
      [...FIXED, reply.text("run the tests")],
      ["-p", "fix the bug", ...SUGGEST],
    );
    expect(lines.map((l) => l.type).slice(-2)).toEqual(["result", "prompt_suggestion"]);
    const suggestion = lines.at(-1);
    expect(suggestion).toEqual({
      type: "prompt_suggestion",
      suggestion: "run the tests",
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      session_id: lines[0]?.session_id,
    });
    expect(requests).toHaveLength(3);
    const asked = requests[2];
    // The conversation as the turn left it, then the request as a user message.
    const messages = asked?.body.messages as { role: string }[];
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant", "user"]);
    expect(JSON.stringify(messages[3])).toContain("Fixed the bug.");
    expect(lastText(asked)).toContain(
      "[SUGGESTION MODE: Suggest what the user might naturally type next into codebot.]",
    );
    expect(lastText(asked)).toContain("Reply with ONLY the suggestion, no quotes or explanation.");
  });

  it("one block of answer is too early: no request, no line (as claude)", async () => {
    const { lines, requests } = await run([reply.text("Hello.")], ["-p", "hi", ...SUGGEST]);
    expect(requests).toHaveLength(1);
    expect(lines.at(-1)?.type).toBe("result");
  });

  it("thinking and text in one answer are two blocks: a suggestion follows the first turn", async () => {
    const { lines } = await run(
      [reply.turn({ reasoning: "hmm", text: "Fixed." }), reply.text("run the tests")],
      ["-p", "fix the bug", ...SUGGEST],
    );
    expect(lines.at(-1)).toMatchObject({ type: "prompt_suggestion", suggestion: "run the tests" });
  });

  it("a last answer of over 10000 uncached tokens asks for none; cached tokens do not count", async () => {
    const answer = (usage: { inputTokens: number; outputTokens: number; cacheReadTokens?: number }) => [
      reply.toolCall("glob", { pattern: "*" }, "c1"),
      { ...reply.text("Fixed the bug."), usage },
      reply.text("run the tests"),
    ];
    const uncached = await run(answer({ inputTokens: 9996, outputTokens: 5 }), ["-p", "fix", ...SUGGEST]);
    expect(uncached.requests).toHaveLength(2);
    expect(uncached.lines.at(-1)?.type).toBe("result");
    const cached = await run(answer({ inputTokens: 50_000, cacheReadTokens: 45_000, outputTokens: 5 }), [
      "-p",
      "fix",
      ...SUGGEST,
    ]);
    expect(cached.lines.at(-1)).toMatchObject({ type: "prompt_suggestion", suggestion: "run the tests" });
  });

  it("an answer no user would type is no suggestion; a <suggestion> wrapper is taken off", async () => {
    for (const [answer, expected] of [
      ["Looks good, thanks", undefined],
      ["Let me run the tests", undefined],
      ["done", undefined],
      ["Run the tests. Then commit.", undefined],
      ["<suggestion>commit this</suggestion>", "commit this"],
      ["yes", "yes"],
    ] as const) {
      const { lines } = await run([...FIXED, reply.text(answer)], ["-p", "fix the bug", ...SUGGEST]);
      const line = lines.find((l) => l.type === "prompt_suggestion");
      expect(line?.suggestion, answer).toBe(expected);
    }
  });

  it("a tool call in the answer is no suggestion", async () => {
    const { lines, requests } = await run(
      [...FIXED, reply.toolCall("bash", { command: "touch ran" }, "c2")],
      ["-p", "fix the bug", ...SUGGEST],
    );
    expect(requests).toHaveLength(3);
    expect(lines.some((l) => l.type === "prompt_suggestion")).toBe(false);
    expect(lines.at(-1)?.type).toBe("result");
  });

  it("with stream-json input, the last turn's suggestion comes after its result line", async () => {
    const input = [
      { type: "user", message: { role: "user", content: "hi" } },
      { type: "user", message: { role: "user", content: "do that" } },
    ]
      .map((l) => JSON.stringify(l))
      .join("\n");
    const { lines } = await run(
      [reply.text("Hello."), reply.text("Done that."), reply.text("commit this")],
      ["-p", "--input-format", "stream-json", ...SUGGEST],
      `${input}\n`,
    );
    expect(
      lines.filter((l) => l.type === "result" || l.type === "prompt_suggestion").map((l) => l.type),
    ).toEqual(["result", "result", "prompt_suggestion"]);
    expect(lines.at(-1)?.suggestion).toBe("commit this");
  });

  it("a malformed input line ends the run without the suggestion in flight, as claude exits at once", async () => {
    const box = sandbox();
    // The suggestion comes late and the session's end takes a while: only a cancelled request writes nothing.
    const server = await modelServer([
      reply.turn({ reasoning: "hmm", text: "Fixed." }),
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        return reply.text("run the tests");
      },
    ]);
    const settings = box.json("hooks.json", {
      hooks: { SessionEnd: [{ hooks: [{ type: "command", command: "sleep 1" }] }] },
    });
    const line = JSON.stringify({ type: "user", message: { role: "user", content: "fix the bug" } });
    const r = await runCli(
      ["-p", "--input-format", "stream-json", ...SUGGEST, "--settings", settings, "--cwd", box.project],
      { env: modelEnv(server, box.home), input: `${line}\nnot json\n` },
    );
    expect(r.code).toBe(1);
    expect(jsonLines(r.stdout).map((l) => l.type)).not.toContain("prompt_suggestion");
  });

  it("false (or 0, no, off) turns it off", async () => {
    const { lines, requests } = await run(
      [...FIXED, reply.text("run the tests")],
      ["-p", "fix the bug", ...SUGGEST, "off"],
    );
    expect(requests).toHaveLength(2);
    expect(lines.at(-1)?.type).toBe("result");
  });

  it("CLAUDE_CODE_ENABLE_PROMPT_SUGGESTION false, 0, no or off (any case, spaces around) turns it off; another value, empty included, leaves it on, as claude's (recorded)", async () => {
    for (const [value, on] of [
      [" Off ", false],
      ["0", false],
      ["NO", false],
      ["", true],
      ["junk", true],
    ] as const) {
      const { lines, requests } = await run(
        [...FIXED, reply.text("run the tests")],
        ["-p", "fix the bug", ...SUGGEST],
        undefined,
        { CLAUDE_CODE_ENABLE_PROMPT_SUGGESTION: value },
      );
      expect([value, requests.length, lines.at(-1)?.type]).toEqual(
        on ? [value, 3, "prompt_suggestion"] : [value, 2, "result"],
      );
    }
  });

  it("the promptSuggestionEnabled setting's false turns it off; CLAUDE_CODE_ENABLE_PROMPT_SUGGESTION=true wins over it, as claude's (recorded)", async () => {
    const off = ["--settings", '{"promptSuggestionEnabled": false}'];
    for (const [env, on] of [
      [{}, false],
      [{ CLAUDE_CODE_ENABLE_PROMPT_SUGGESTION: "junk" }, false],
      [{ CLAUDE_CODE_ENABLE_PROMPT_SUGGESTION: "true" }, true],
    ] as const) {
      const { lines, requests } = await run(
        [...FIXED, reply.text("run the tests")],
        ["-p", "fix the bug", ...SUGGEST, ...off],
        undefined,
        env,
      );
      expect([env, requests.length, lines.at(-1)?.type]).toEqual(
        on ? [env, 3, "prompt_suggestion"] : [env, 2, "result"],
      );
    }
  });

  it("is refused without -p stream-json, and a value that is no choice is refused, as claude refuses them", async () => {
    const box = sandbox();
    const json = await runCli(
      ["-p", "hi", "--output-format", "json", "--prompt-suggestions", "--cwd", box.project],
      {
        env: cliEnv(box.home),
      },
    );
    expect(json.code).toBe(1);
    expect(json.stderr).toBe(
      "codebot: --prompt-suggestions requires --print and --output-format stream-json (prompt_suggestion lines only appear in stream-json output)\n",
    );
    const maybe = await runCli(["-p", "hi", ...SUGGEST, "maybe", "--cwd", box.project], {
      env: cliEnv(box.home),
    });
    expect(maybe.code).toBe(1);
    expect(maybe.stderr).toContain(
      "error: option '--prompt-suggestions [value]' argument 'maybe' is invalid. Allowed choices are true, false, 1, 0, yes, no, on, off.",
    );
  });
});
