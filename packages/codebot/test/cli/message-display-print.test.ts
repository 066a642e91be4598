/**
 * MessageDisplay in `-p`, as claude 2.1.328 fires it there (recorded: one firing per assistant
 * message with text, the whole text as `delta`, `index` 0, `final` true): the last
 * `hookSpecificOutput.displayContent` is printed instead of the text — in the stream's assistant
 * line, the result, and `text` output — while the transcript and the model keep the text.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { waitFor } from "../support/wait-for.js";
import { command, modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { runCli, startCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** A hook that keeps each payload and shows the message's text in capitals. */
function upperCaseHook(box: ReturnType<typeof sandbox>, exit = 0): string {
  // Outside the project: a script of the project's own would need `hooks trust` first.
  const script = box.write(
    path.join(box.home, "upper.cjs"),
    `const fs = require("node:fs");
const input = fs.readFileSync(0, "utf8");
fs.appendFileSync(${JSON.stringify(box.at("payloads.jsonl"))}, input.trim() + "\\n");
const delta = JSON.parse(input).delta;
console.log(JSON.stringify({ hookSpecificOutput: { hookEventName: "MessageDisplay", displayContent: delta.toUpperCase() } }));
process.exit(${exit});
`,
  );
  return box.json("s.json", { hooks: { MessageDisplay: [{ hooks: [command(`node ${script}`)] }] } });
}

const payloads = (box: ReturnType<typeof sandbox>) =>
  fs
    .readFileSync(box.at("payloads.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));

describe("MessageDisplay in -p", () => {
  // claude 2.1.328's MessageDisplay stdin (recorded in -p, default mode): no permission_mode.
  it("the payload has no permission_mode, as claude's", async () => {
    const box = sandbox();
    const settings = upperCaseHook(box);
    const server = await modelServer([reply.text("hello")]);
    const r = await runCli(["-p", "go", "--settings", settings], {
      cwd: box.project,
      env: modelEnv(server, box.home),
    });
    expect(r.code, r.stderr).toBe(0);
    const [payload] = payloads(box);
    expect(payload).toMatchObject({ hook_event_name: "MessageDisplay", session_id: expect.any(String) });
    expect(payload).not.toHaveProperty("permission_mode");
  });

  it("stream-json: the assistant line and the result show the hook's text; the hook gets the whole message", async () => {
    const box = sandbox();
    const settings = upperCaseHook(box);
    const server = await modelServer([
      reply.toolCall("read", { file_path: "nothing.txt" }),
      reply.text("hello\nworld"),
    ]);
    const r = await runCli(
      ["-p", "go", "--output-format", "stream-json", "--verbose", "--settings", settings],
      {
        cwd: box.project,
        env: modelEnv(server, box.home),
      },
    );
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    const texts = lines
      .filter((l) => l.type === "assistant")
      .flatMap((l) =>
        l.message.content
          .filter((b: { type: string }) => b.type === "text")
          .map((b: { text: string }) => b.text),
      );
    expect(texts).toEqual(["HELLO\nWORLD"]);
    expect(lines.at(-1)).toMatchObject({ type: "result", result: "HELLO\nWORLD" });
    // Only the message with text fires it, whole, as claude's -p does.
    const [payload, ...more] = payloads(box);
    expect(more).toEqual([]);
    expect(payload).toMatchObject({
      hook_event_name: "MessageDisplay",
      index: 0,
      final: true,
      delta: "hello\nworld",
    });
    expect(payload.turn_id).toEqual(expect.any(String));
    expect(payload.message_id).toEqual(expect.any(String));
    // Display only: the transcript keeps what the model wrote.
    const init = lines.find((l) => l.type === "system" && l.subtype === "init");
    expect(fs.readFileSync(init.transcript_path, "utf8")).toContain("hello\\nworld");
    expect(fs.readFileSync(init.transcript_path, "utf8")).not.toContain("HELLO");
  });

  it("text and json print the hook's text; the model is given the text as written", async () => {
    const box = sandbox();
    const settings = upperCaseHook(box);
    const server = await modelServer([reply.text("first answer"), reply.text("second answer")]);
    const text = await runCli(["-p", "go", "--settings", settings], {
      cwd: box.project,
      env: modelEnv(server, box.home),
    });
    expect(text.stdout).toBe("FIRST ANSWER\n");
    const json = await runCli(
      ["-p", "again", "--continue", "--output-format", "json", "--settings", settings],
      {
        cwd: box.project,
        env: modelEnv(server, box.home),
      },
    );
    expect(JSON.parse(json.stdout)).toMatchObject({ result: "SECOND ANSWER" });
    expect(requestText(server.requests[1])).toContain("first answer");
    expect(requestText(server.requests[1])).not.toContain("FIRST ANSWER");
  });

  it("a hook that exits 2 shows the text as it was", async () => {
    const box = sandbox();
    const settings = upperCaseHook(box, 2);
    const server = await modelServer([reply.text("as written")]);
    const r = await runCli(["-p", "go", "--settings", settings], {
      cwd: box.project,
      env: modelEnv(server, box.home),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("as written\n");
    expect(payloads(box)).toHaveLength(1);
  });

  it("Ctrl+C (SIGINT) while the answer waits for its hook: the hook is stopped, the answer is printed as written with its result line, exit 130", async () => {
    const box = sandbox();
    const started = box.at("hook-started");
    const settings = box.json("s.json", {
      hooks: {
        MessageDisplay: [{ hooks: [command(`touch ${started}; sleep 60`, { timeout: 120 })] }],
      },
    });
    const server = await modelServer([reply.text("the answer")]);
    const cli = startCli(
      ["-p", "go", "--output-format", "stream-json", "--verbose", "--settings", settings],
      {
        cwd: box.project,
        env: modelEnv(server, box.home),
      },
    );
    await waitFor(() => fs.existsSync(started), 30_000, `the hook to start (${cli.stderr()})`);
    cli.child.kill("SIGINT");
    const r = await cli.done;
    expect(r.code).toBe(130);
    const lines = r.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.find((l) => l.type === "assistant")?.message.content).toEqual([
      { type: "text", text: "the answer" },
    ]);
    expect(lines.at(-1)).toMatchObject({ type: "result", subtype: "success", result: "the answer" });
  });
});
