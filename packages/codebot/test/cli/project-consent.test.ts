/**
 * HOOKS.md §8: the interactive session asks about a project once, before it starts — every hook
 * and grant not approved yet in one list, one key to answer — and asks again about a single hook
 * only when it changed during the session (a script it runs was edited).
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { TmuxSession } from "./support/tmux.js";

useBuiltCli();

describe("one question about the project, one key", { timeout: 120_000 }, () => {
  it("lists hooks (event, matcher, command, scripts) and grants together; 'y' trusts all of them for the next session too", async () => {
    const box = sandbox();
    box.write(".codebot/guard.sh", "#!/bin/sh\nexit 0\n");
    box.json(".codebot/settings.json", {
      env: { MARK: "v1" },
      hooks: {
        PreToolUse: [command("sh .codebot/guard.sh", { name: "guard", matcher: "bash" })],
        UserPromptSubmit: [command("echo x >> prompts.log", { name: "logger" })],
      },
    });
    const server = await modelServer([reply.text("first"), reply.text("second")]);
    const start = () => TmuxSession.start({ dir: box.project, env: modelEnv(server, box.home), args: [] });

    const first = start();
    const screen = await first.waitForScreen("[y] trust all");
    const lines = screen.split("\n");
    const at = (needle: string) => lines.findIndex((l) => l.includes(needle));
    expect(lines[at("hook PreToolUse [matcher bash] guard")]).toContain("(project .codebot/settings.json)");
    expect(lines[at("hook PreToolUse") + 1]).toBe("      command: sh .codebot/guard.sh");
    expect(lines[at("hook PreToolUse") + 2]).toContain(
      "runs .codebot/guard.sh (its content is approved too)",
    );
    expect(at("hook UserPromptSubmit logger")).toBeGreaterThan(0);
    expect(at("grant env:MARK=v1")).toBeGreaterThan(0);
    // Exactly one question.
    expect(screen.match(/\[y\] trust all/g)).toHaveLength(1);
    first.type("y");
    await first.waitForScreen("trusted (remembered for this project)");
    await first.waitForScreen(/^›/m);
    first.submit("hi");
    await first.waitForScreen("first");
    expect(fs.readFileSync(box.at("prompts.log"), "utf8")).toBe("x\n");
    first.submit("/exit");
    expect(await first.exitCode()).toBe(0);

    const trustDir = path.join(box.home, "trust");
    const [file] = fs.readdirSync(trustDir).filter((f) => f.endsWith(".json"));
    const stored = JSON.parse(fs.readFileSync(path.join(trustDir, file ?? ""), "utf8"));
    expect(Object.keys(stored.hooks)).toHaveLength(2);
    expect(stored.grants).toEqual(["env:MARK=v1"]);

    const second = start();
    await second.waitForScreen(/^›/m);
    second.submit("hi again");
    expect(await second.waitForScreen("second")).not.toContain("not approved yet");
    expect(fs.readFileSync(box.at("prompts.log"), "utf8")).toBe("x\nx\n");
  });

  it("keys that are not an answer, and Enter, do not answer; the question stays open", async () => {
    const box = sandbox();
    box.json(".codebot/settings.json", {
      hooks: { UserPromptSubmit: [command("echo x >> prompts.log", { name: "logger" })] },
    });
    const server = await modelServer([reply.text("answered")]);
    const term = TmuxSession.start({ dir: box.project, env: modelEnv(server, box.home), args: [] });
    await term.waitForScreen("[y] trust all");
    term.type("qz");
    term.press("Enter");
    term.type("o");
    await term.waitForScreen("approved for this session");
    await term.waitForScreen(/^›/m);
    term.submit("go");
    await term.waitForScreen("answered");
    expect(fs.readFileSync(box.at("prompts.log"), "utf8")).toBe("x\n");
  });

  it("a hook script edited during the session is asked about again before it runs; denied, it does not run", async () => {
    const box = sandbox();
    box.write("log.sh", "echo v1 >> prompts.log\n");
    box.json(".codebot/settings.json", {
      hooks: { UserPromptSubmit: [command("sh log.sh", { name: "logger" })] },
    });
    const server = await modelServer([reply.text("first"), reply.text("second")]);
    const term = TmuxSession.start({ dir: box.project, env: modelEnv(server, box.home), args: [] });
    await term.waitForScreen("runs log.sh");
    term.type("o");
    await term.waitForScreen(/^›/m);
    term.submit("one");
    await term.waitForScreen("first");
    expect(fs.readFileSync(box.at("prompts.log"), "utf8")).toBe("v1\n");

    // As the model's write tool would: the approved script now does something else.
    box.write("log.sh", "echo v2 >> prompts.log\n");
    term.submit("two");
    const screen = await term.waitForScreen(
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
    const term = TmuxSession.start({
      dir: box.project,
      env: modelEnv(server, box.home),
      args: ["--permission-mode", "auto"],
    });
    await term.waitForScreen("runs guard.sh");
    term.type("o");
    await term.waitForScreen(/^›/m);
    term.submit("one");
    await term.waitForScreen(/^first$/m);
    box.write("guard.sh", "exit 2\n");
    term.submit("two");
    const screen = await term.waitForScreen(/for the call bash echo second call\n.*\[y\] trust all/);
    expect(screen).toMatch(/a project hook changed since the session started:\n.*hook PreToolUse/);
    term.type("n");
    await term.waitForScreen(/^second$/m);
  });
});
