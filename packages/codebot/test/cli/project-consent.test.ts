/**
 * HOOKS.md §8: the interactive session asks about a project once, before it starts (tested in
 * interactive.test.ts), and asks again about a single hook only when it changed during the
 * session (a script it runs was edited); a hook the user said no to is not asked about again.
 */
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { atChangedHookQuestion } from "./support/changed-hook-question.js";
import { command, modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { startSession } from "./support/terminal-session.js";
import { TmuxSession } from "./support/tmux.js";

useBuiltCli();

describe("after the project question, a hook that changed mid-session is asked about alone", {
  timeout: 120_000,
}, () => {
  it("a hook script edited during the session is asked about again before it runs; denied, it does not run", async () => {
    const box = sandbox();
    const { term, screen } = await atChangedHookQuestion(box, {
      replies: [reply.text("first"), reply.text("second")],
    });
    expect(screen).toMatch(
      /a project hook changed since the session started:\n {2}hook UserPromptSubmit logger/,
    );
    expect(screen).toContain("runs log.sh (its content is approved too)");
    term.type("n");
    await term.waitForScreen("second");
    expect(fs.readFileSync(box.at("prompts.log"), "utf8")).toBe("v1\n");
  });

  it("the question about a changed PreToolUse hook names the call it would run for", async () => {
    const box = sandbox();
    box.write("guard.sh", "exit 0\n");
    box.json(".codebot/settings.json", {
      hooks: { PreToolUse: [command("sh guard.sh", { name: "guard", matcher: "bash" })] },
    });
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo a" }),
      reply.text("first"),
      reply.toolCall("bash", { command: "echo second call" }),
      reply.text("second"),
    ]);
    const term = await startSession(box, server, {
      args: ["--permission-mode", "bypassPermissions"],
      ready: "runs guard.sh",
    });
    term.type("y");
    await term.waitForScreen(/^›/m);
    term.submit("one");
    await term.waitForScreen(/^first$/m);
    box.write("guard.sh", "exit 2\n");
    term.submit("two");
    const screen = await term.waitForScreen(/for the call bash echo second call\n.*y this session/);
    expect(screen).toMatch(/a project hook changed since the session started:\n.*hook PreToolUse/);
    term.type("n");
    await term.waitForScreen(/^second$/m);
  });
});

describe("a question about a changed hook that outlives the hook's timeout", { timeout: 120_000 }, () => {
  it("is withdrawn and said to have expired: a late key goes to the prompt, and the hook is asked about again", async () => {
    const box = sandbox();
    const { term } = await atChangedHookQuestion(box, {
      replies: [reply.text("first"), reply.text("second"), reply.text("third")],
      timeout: 2,
      question: "a project hook changed since the session started",
    });
    // The approval wait counts against the hook's 2 s: the question goes, and says why.
    await term.waitForScreen("question expired: no approval within 2s; the hook did not run");
    await term.waitForScreen(/^second$/m);
    term.type("y");
    // The late key is the start of the next prompt, not an answer.
    const screen = await term.waitForScreen(/^› y\s*$/m);
    expect(screen.slice(screen.indexOf("question expired"))).not.toContain("yes, this session");
    expect(fs.readFileSync(box.at("prompts.log"), "utf8")).toBe("v1\n");

    // Not a "no": the next prompt asks again.
    term.press("BSpace");
    term.submit("three");
    await term.waitForScreen(/question expired.*\n(.*\n)*.*a project hook changed since the session started/);
    term.type("y");
    await term.waitForScreen(/^third$/m);
    expect(fs.readFileSync(box.at("prompts.log"), "utf8")).toBe("v1\nv2\n");
  });
});

describe("a hook denied in the project question", { timeout: 120_000 }, () => {
  // Esc is "no" too, as at a tool question.
  it.each(["n", "Escape"])("(%s) is not run and not asked about again when it fires", async (key) => {
    const box = sandbox();
    box.json(".codebot/settings.json", {
      hooks: { UserPromptSubmit: [command("echo x >> prompts.log", { name: "logger" })] },
    });
    const server = await modelServer([reply.text("answered")]);
    const term = TmuxSession.start({ dir: box.project, env: modelEnv(server, box.home), args: [] });
    await term.waitForScreen("allow them?");
    term.press(key);
    expect(await term.waitForScreen(/^›/m)).toMatch(/allow them\?.* no$/m);
    term.submit("go");
    const screen = await term.waitForScreen(/^answered$/m);
    expect(screen).not.toContain("changed since the session started");
    expect(fs.existsSync(box.at("prompts.log"))).toBe(false);
  });
});
