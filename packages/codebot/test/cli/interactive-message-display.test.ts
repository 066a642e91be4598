/**
 * MessageDisplay in the interactive terminal, as claude 2.1.328's terminal fires it (recorded): per
 * batch of completed lines while the answer streams (`index` counting up, `final` on the last),
 * each batch shown as the hook's `displayContent` once it answered, in order; what follows the
 * answer (the tool line of the next step) comes after it, for as long as such a hook is waited
 * for by default; the model keeps the text.
 */
import fs from "node:fs";
import path from "node:path";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { waitFor } from "../support/wait-for.js";
import { command, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { startSession } from "./support/terminal-session.js";

useBuiltCli();

describe("MessageDisplay in the terminal", { timeout: 120_000 }, () => {
  it("shows the hook's text instead of the answer, in its place; the model keeps the text", async () => {
    const box = sandbox();
    // Outside the project: a script of the project's own would need `hooks trust` first.
    const script = box.write(
      path.join(box.home, "upper.cjs"),
      `const fs = require("node:fs");
const input = JSON.parse(fs.readFileSync(0, "utf8"));
fs.appendFileSync(${JSON.stringify(box.at("payloads.jsonl"))}, JSON.stringify(input) + "\\n");
setTimeout(() => console.log(JSON.stringify({ hookSpecificOutput: { hookEventName: "MessageDisplay", displayContent: input.delta.toUpperCase() } })), input.delta === "looking first" ? 2500 : 0);
`,
    );
    const settings = box.json("s.json", {
      hooks: { MessageDisplay: [{ hooks: [command(`node ${script}`)] }] },
    });
    const server = await modelServer([
      reply.turn({ text: "looking first", toolCalls: [toolCall("read", { file_path: "notes.txt" })] }),
      reply.text("all done here"),
    ]);
    box.write("notes.txt", "some notes\n");
    const term = await startSession(box, server, { args: ["--settings", settings] });
    term.submit("go");
    const screen = await term.waitForScreen("ALL DONE HERE");
    expect(screen).not.toContain("looking first");
    expect(screen).not.toContain("all done here");
    // The first answer is shown before the tool line of its step, though its hook took 2.5 s.
    expect(screen.indexOf("LOOKING FIRST")).toBeGreaterThan(-1);
    expect(screen.indexOf("LOOKING FIRST")).toBeLessThan(screen.indexOf("notes.txt"));
    expect(requestText(server.requests[1])).toContain("looking first");
    const deltas = fs
      .readFileSync(box.at("payloads.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line).delta);
    // A one-line answer is one firing, with its whole text (the two hooks may run at once: any order).
    expect(deltas.sort()).toEqual(["all done here", "looking first"]);
  });

  it("an answer of several lines fires per batch of completed lines as it streams, each shown in order as its hook answers", async () => {
    const box = sandbox();
    const script = box.write(
      path.join(box.home, "upper.cjs"),
      `const fs = require("node:fs");
const input = JSON.parse(fs.readFileSync(0, "utf8"));
fs.appendFileSync(${JSON.stringify(box.at("payloads.jsonl"))}, JSON.stringify(input) + "\\n");
setTimeout(() => console.log(JSON.stringify({ hookSpecificOutput: { hookEventName: "MessageDisplay", displayContent: input.delta.toUpperCase() } })), input.index === 0 ? 1500 : 0);
`,
    );
    const settings = box.json("s.json", {
      hooks: { MessageDisplay: [{ hooks: [command(`node ${script}`)] }] },
    });
    // The loopback server streams it a word at a time.
    const server = await modelServer([reply.text("First line.\nSecond line.\nlast words")]);
    const term = await startSession(box, server, { args: ["--settings", settings] });
    term.submit("go");
    const screen = await term.waitForScreen("LAST WORDS");
    // The first batch's hook took longest: it is still shown first.
    expect(screen).toMatch(/^FIRST LINE\.\nSECOND LINE\.\nLAST WORDS$/m);
    const payloads = fs
      .readFileSync(box.at("payloads.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    // The hooks run at once: logged in any order.
    payloads.sort((a, b) => a.index - b.index);
    expect(payloads.map((p) => [p.delta, p.index, p.final])).toEqual([
      ["First line.\n", 0, false],
      ["Second line.\n", 1, false],
      ["last words", 2, true],
    ]);
    // One message: one message_id, one turn_id.
    expect(new Set(payloads.map((p) => p.message_id)).size).toBe(1);
    expect(new Set(payloads.map((p) => p.turn_id)).size).toBe(1);
  });

  it("Ctrl+C while the answer waits for its hook stops the hook and shows the answer as written", async () => {
    const box = sandbox();
    const started = box.at("hook-started");
    const settings = box.json("s.json", {
      hooks: { MessageDisplay: [{ hooks: [command(`touch ${started}; sleep 60`, { timeout: 120 })] }] },
    });
    const server = await modelServer([reply.text("held answer")]);
    const term = await startSession(box, server, { args: ["--settings", settings] });
    term.submit("go");
    await waitFor(() => fs.existsSync(started), 30_000, "the hook to start");
    term.press("C-c");
    // Well within the 11 s the answer would otherwise be held, and the hook's 60 s.
    await term.waitForScreen("held answer", 8_000);
    // The answer is drawn as the hook is stopped, the interrupt's line just after it.
    expect(await term.waitForScreen("interrupting", 8_000)).toContain("held answer");
  });
});
