/**
 * Claude Code's Stop event, `continue: false` and SessionStart context through the runtime (§11).
 */
import fs from "node:fs";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, group, promptText, startSession, toolResultFor } from "./support/e2e.js";

const stopJson = (reason: string) => `echo '{"continue":false,"stopReason":"${reason}"}'`;

describe("Stop hooks", () => {
  it("a Stop hook that keeps blocking is capped at a configured postStopValidation.maxAttempts, with accurate stop_hook_active", async () => {
    const s = await startSession({
      user: {
        postStopValidation: { maxAttempts: 3 },
        hooks: {
          Stop: [
            group(
              "",
              command(
                `jq -c '{active: .stop_hook_active, last: .last_assistant_message}' >> stops.jsonl; echo 'not yet' >&2; exit 2`,
              ),
            ),
          ],
        },
      },
      script: [reply.text("one"), reply.text("two"), reply.text("three"), reply.text("unreachable")],
    });
    const result = await s.runtime.prompt("go");
    expect(result).toMatchObject({
      status: "completed",
      text: "three",
      reason: "a Stop hook still blocks after 3 attempts: not yet",
    });
    expect(s.model.requests).toHaveLength(3);
    expect(s.jsonLines("stops.jsonl")).toEqual([
      { active: false, last: "one" },
      { active: true, last: "two" },
      { active: true, last: "three" },
    ]);
    expect(s.notices).toContain("codebot: a Stop hook still blocks after 3 attempts: not yet");
  });

  it("only the Stop hook's block at the cap is marked as ending the run (its ⚑ line is not 'sent back')", async () => {
    const s = await startSession({
      user: { hooks: { Stop: [group("", command("echo 'not yet' >&2; exit 2"))] } },
      script: [reply.text("one"), reply.text("two"), reply.text("three")],
    });
    await s.runtime.prompt("go");
    const stops = s.events.flatMap((e) => (e.kind === "hook" && e.record.event === "Stop" ? [e] : []));
    expect(stops.map((e) => [e.record.outcome, e.endsRun ?? false])).toEqual([
      ["blocked", false],
      ["blocked", false],
      ["blocked", true],
    ]);
  });

  const neverPasses = { Stop: [group("", command("echo 'tests failed' >&2; exit 2"))] };
  const texts = (n: number) => Array.from({ length: n }, (_, i) => reply.text(`try ${i + 1}`));

  it("without a cap set, a Stop hook that keeps blocking ends the turn after postStopValidation's default 3 (HOOKS.md §11), not claude's 9", async () => {
    const s = await startSession({ user: { hooks: neverPasses }, script: texts(12) });
    const result = await s.runtime.prompt("go");
    expect(result).toMatchObject({
      status: "completed",
      text: "try 3",
      reason: "a Stop hook still blocks after 3 attempts: tests failed",
    });
    expect(s.model.requests).toHaveLength(3);
  });

  it("CLAUDE_CODE_STOP_HOOK_BLOCK_CAP=N in the settings' env lets the hook block N + 1 times, as claude, over postStopValidation.maxAttempts", async () => {
    const s = await startSession({
      user: {
        hooks: neverPasses,
        env: { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: "2" },
        postStopValidation: { maxAttempts: 5 },
      },
      script: texts(12),
    });
    const result = await s.runtime.prompt("go");
    expect(result.reason).toBe("a Stop hook still blocks after 3 attempts: tests failed");
    expect(s.model.requests).toHaveLength(3);
  });

  it("CLAUDE_CODE_STOP_HOOK_BLOCK_CAP=0 sets no cap, as in claude", async () => {
    // Counts its runs in a log; blocks the first 11 stops.
    const passesAtTwelve = `echo run >> runs.log; [ "$(wc -l < runs.log)" -ge 12 ] && exit 0; echo "tests failed" >&2; exit 2`;
    const s = await startSession({
      user: {
        hooks: { Stop: [group("", command(passesAtTwelve))] },
        env: { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: "0" },
      },
      script: texts(12),
    });
    const result = await s.runtime.prompt("go");
    expect(result).toMatchObject({ status: "completed", text: "try 12" });
    expect(result.reason).toBeUndefined();
    expect(s.model.requests).toHaveLength(12);
  });

  it("a CLAUDE_CODE_STOP_HOOK_BLOCK_CAP that is not a whole number is said and left out", async () => {
    const s = await startSession({
      user: { hooks: neverPasses, env: { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: "abc" } },
      script: texts(12),
    });
    await s.runtime.prompt("go");
    expect(s.notices).toContain(
      "codebot: CLAUDE_CODE_STOP_HOOK_BLOCK_CAP=abc is not a whole number; ignored",
    );
    expect(s.model.requests).toHaveLength(3);
  });

  it("a Stop hook can read the last assistant message from transcript_path with jq", async () => {
    const s = await startSession({
      user: {
        hooks: {
          Stop: [
            group(
              "",
              command(
                `jq -r .transcript_path | xargs cat | jq -rs '[.[] | select(.type == "assistant")] | last | .message.content[] | select(.type == "text") | .text' > last.txt`,
              ),
            ),
          ],
        },
      },
      script: [reply.toolCalls(toolCall("bash", { command: "true" })), reply.text("All finished.")],
    });
    await s.runtime.prompt("go");
    expect(fs.readFileSync(s.at("last.txt"), "utf8")).toBe("All finished.\n");
  });

  it("a native Stop entry blocks only with blocking: true; its reason keeps the agent going", async () => {
    const s = await startSession({
      user: {
        hooks: {
          Stop: [
            command("echo 'ignored' >&2; exit 2"),
            command(`jq -e '.stop_hook_active' > /dev/null || { echo 'say thanks' >&2; exit 2; }`, {
              blocking: true,
            }),
          ],
        },
      },
      script: [reply.text("done"), reply.text("thanks")],
    });
    const result = await s.runtime.prompt("go");
    expect(result).toMatchObject({ status: "completed", text: "thanks" });
    expect(promptText(s.model.requests[1], "user").at(-1)).toContain("say thanks");
  });

  it("a Stop hook's additionalContext keeps the agent going with it as context, and the next stop is stop_hook_active", async () => {
    const context = `{"hookSpecificOutput":{"hookEventName":"Stop","additionalContext":"also update the changelog"}}`;
    const s = await startSession({
      user: {
        hooks: {
          Stop: [
            group(
              "",
              command(
                `cat > in.json; jq -c '{active: .stop_hook_active}' in.json >> stops.jsonl; jq -e .stop_hook_active in.json > /dev/null || echo '${context}'`,
              ),
            ),
          ],
        },
      },
      script: [reply.text("done"), reply.text("changelog updated")],
    });
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "completed", text: "changelog updated" });
    expect(promptText(s.model.requests[1], "user").at(-1)).toBe(
      "<system-reminder>\nStop hook additional context: also update the changelog\n</system-reminder>",
    );
    expect(s.jsonLines("stops.jsonl")).toEqual([{ active: false }, { active: true }]);
  });

  it("continue: false from a Stop hook ends the run with status stopped", async () => {
    const s = await startSession({
      user: { hooks: { Stop: [group("", command(stopJson("budget reached")))] } },
      script: [reply.text("done")],
    });
    const result = await s.runtime.prompt("go");
    expect(result.status).toBe("stopped");
    expect(result.reason).toMatch(/: budget reached$/);
  });
});

describe("continue: false", () => {
  it("from UserPromptSubmit, the prompt never reaches the model", async () => {
    const s = await startSession({
      user: { hooks: { UserPromptSubmit: [group("", command(stopJson("out of office"), { name: "ooo" }))] } },
      script: [reply.text("unreachable")],
    });
    expect(await s.runtime.prompt("hi")).toMatchObject({
      status: "stopped",
      reason: "stopped by hook ooo: out of office",
    });
    expect(s.model.requests).toHaveLength(0);
  });

  it("from PostToolUse, the tool has run and the run ends before the next model step", async () => {
    const s = await startSession({
      user: {
        hooks: { PostToolUse: [group("Bash", command(stopJson("enough for today"), { name: "limit" }))] },
      },
      script: [
        reply.toolCalls(toolCall("bash", { command: "echo ran > ran.txt" }, "c1")),
        reply.text("unreachable"),
      ],
    });
    const result = await s.runtime.prompt("go");
    expect(result).toMatchObject({ status: "stopped", reason: "stopped by hook limit: enough for today" });
    expect(fs.readFileSync(s.at("ran.txt"), "utf8")).toBe("ran\n");
    expect(s.model.requests).toHaveLength(1);
  });

  it("only for this prompt: the next prompt runs normally", async () => {
    const s = await startSession({
      user: { hooks: { PreToolUse: [group("Bash", command(stopJson("no bash")))] } },
      script: [reply.toolCalls(toolCall("bash", { command: "true" }, "c1")), reply.text("fine")],
    });
    expect((await s.runtime.prompt("one")).status).toBe("stopped");
    expect(await s.runtime.prompt("two")).toMatchObject({ status: "completed", text: "fine" });
    // The stopped call's result is in the history the next prompt sends.
    expect(toolResultFor(s.model, "c1")).toEqual({
      text: expect.stringMatching(/^hook: run stopped by .*: no bash$/),
      isError: true,
    });
  });
});

describe("SessionStart groups", () => {
  it("the first prompt waits for their context; a group whose source does not match does not run", async () => {
    const s = await startSession({
      user: {
        hooks: {
          SessionStart: [
            group("startup", command("sleep 0.5; echo 'branch: main'")),
            group("resume", command("touch resumed")),
          ],
        },
      },
      script: [reply.text("ok")],
    });
    await s.runtime.prompt("hi");
    expect(promptText(s.model.requests[0], "user")).toEqual([
      "<system-reminder>\nbranch: main\n</system-reminder>",
      "hi",
    ]);
    expect(fs.existsSync(s.at("resumed"))).toBe(false);
  });

  it("SessionEnd gets reason other when the runtime closes without one", async () => {
    const s = await startSession({
      user: { hooks: { SessionEnd: [group("other", command("jq -r .reason > reason.txt"))] } },
    });
    await s.runtime.close();
    expect(fs.readFileSync(s.at("reason.txt"), "utf8")).toBe("other\n");
  });
});

describe("CLAUDE_ENV_FILE", () => {
  it("what a SessionStart group exports to it, every bash command gets; a PreToolUse hook gets neither file nor variable", async () => {
    const s = await startSession({
      user: {
        hooks: {
          SessionStart: [group("", command(`echo 'export FROM_START="set at start"' >> "$CLAUDE_ENV_FILE"`))],
          PreToolUse: [
            group("Bash", command('echo "${CLAUDE_ENV_FILE-none} ${FROM_START-none}" >> pre.txt')),
          ],
        },
      },
      script: [
        reply.toolCalls(toolCall("bash", { command: 'echo "one: $FROM_START"' }, "c1")),
        reply.toolCalls(toolCall("bash", { command: 'echo "two: $FROM_START"' }, "c2")),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    await s.runtime.close();
    expect(toolResultFor(s.model, "c1")).toEqual({ text: "one: set at start", isError: false });
    expect(toolResultFor(s.model, "c2")).toEqual({ text: "two: set at start", isError: false });
    expect(fs.readFileSync(s.at("pre.txt"), "utf8")).toBe("none none\nnone none\n");
  });
});

describe("the transcript a hook reads", () => {
  it("an assistant line carries message.model and message.usage in the API's names, as Claude Code writes them", async () => {
    const s = await startSession({
      user: {
        hooks: {
          Stop: [
            group(
              "",
              command(
                `jq -s '[.[] | .message.usage.output_tokens // 0] | add' "$(jq -r .transcript_path)" > tokens.txt`,
              ),
            ),
          ],
        },
      },
      script: [
        {
          kind: "reply",
          text: "hello",
          usage: { inputTokens: 100, outputTokens: 7, cacheReadTokens: 60, cacheWriteTokens: 30 },
        },
      ],
    });
    await s.runtime.prompt("go");
    await s.runtime.close();
    const lines = fs
      .readFileSync(s.runtime.transcriptPath, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.find((l) => l.type === "assistant")?.message.model).toBe("scripted");
    expect(lines.find((l) => l.type === "assistant")?.message.usage).toEqual({
      input_tokens: 10,
      output_tokens: 7,
      cache_read_input_tokens: 60,
      cache_creation_input_tokens: 30,
    });
    expect(lines.filter((l) => l.type === "user").every((l) => l.message.usage === undefined)).toBe(true);
    expect(lines.filter((l) => l.type === "user").every((l) => l.message.model === undefined)).toBe(true);
    expect(fs.readFileSync(s.at("tokens.txt"), "utf8")).toBe("7\n");
  });
});
