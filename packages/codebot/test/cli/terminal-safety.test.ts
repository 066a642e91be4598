/**
 * Issue 16, item 7: escape sequences in what the model writes never reach the terminal raw. The
 * terminal is tmux, told to honour OSC 52 (clipboard → a tmux buffer) and OSC 0 (the pane title),
 * so a sequence that got through would show there.
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";
import { TmuxSession } from "./support/tmux.js";

useBuiltCli();

const ESC = "\x1b";
const BEL = "\x07";

describe("terminal safety of the interactive session", { timeout: 120_000 }, () => {
  it("OSC 52, OSC 0 and concealed text in model text do not reach the terminal; the text around them does", async () => {
    const box = sandbox();
    const clipboard = Buffer.from("rm -rf ~").toString("base64");
    const server = await modelServer([
      reply.text(
        `before ${ESC}]52;c;${clipboard}${BEL}middle ${ESC}]0;evil-title${ESC}\\after ${ESC}[8mconcealed${ESC}[0m end`,
      ),
    ]);
    const term = TmuxSession.start({ dir: box.project, env: modelEnv(server, box.home), args: [] });
    term.tmux("set-option", "-s", "set-clipboard", "on");
    term.tmux("set-option", "-g", "allow-rename", "on");
    await term.waitForScreen(/^›/m);
    term.submit("say it");
    await term.waitForScreen("before middle after concealed end");
    expect(term.tmux("list-buffers")).toBe("");
    expect(term.tmux("display-message", "-p", "#{pane_title}")).not.toContain("evil-title");
    // Concealed (SGR 8) would hide the text: no conceal attribute in the cell styles.
    expect(term.screen(true)).not.toMatch(new RegExp(`${ESC}\\[(?:[0-9;]*;)?8m`));
  });
});

describe("terminal safety of notices", () => {
  it("a notice quoting a repository's skill name keeps its OSC 52 clipboard write and screen clear off the terminal", async () => {
    const box = sandbox();
    const clipboard = Buffer.from("rm -rf ~").toString("base64");
    box.write(
      ".claude/skills/e/SKILL.md",
      `---\nname: "e${ESC}]52;c;${clipboard}${BEL}${ESC}[2J"\ndescription: d\n---\nx\n`,
    );
    const server = await modelServer([reply.text("done")]);
    const run = await runCli(["-p", "hi", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('.claude/skills/e/SKILL.md: name "e" is not usable as a command name');
    expect(run.stderr).not.toContain(ESC);
    expect(run.stderr).not.toContain(BEL);
  });
});

describe("terminal safety of -p's failure line", () => {
  const HOSTILE = `stop ${ESC}]52;c;${Buffer.from("rm -rf ~").toString("base64")}${BEL}here ${ESC}[2J end`;

  it("a hook's stopReason, which may quote what a tool printed, reaches stderr without its escape sequences", async () => {
    const box = sandbox();
    box.json("stop.json", { continue: false, stopReason: HOSTILE });
    const settings = box.json("s.json", {
      hooks: { PostToolUse: [{ hooks: [command(`cat > /dev/null; cat ${box.at("stop.json")}`)] }] },
    });
    const server = await modelServer([reply.toolCall("bash", { command: "true" }), reply.text("done")]);
    const run = await runCli(
      ["-p", "go", "--settings", settings, "--permission-mode", "bypassPermissions", "--cwd", box.project],
      {
        env: modelEnv(server, box.home),
      },
    );
    expect(run.stderr).toContain("stop here  end");
    expect(run.stderr).not.toContain(ESC);
    expect(run.stderr).not.toContain(BEL);
  });

  it("so does a UserPromptSubmit hook's block reason", async () => {
    const box = sandbox();
    box.json("block.json", { decision: "block", reason: HOSTILE });
    const settings = box.json("s.json", {
      hooks: { UserPromptSubmit: [{ hooks: [command(`cat > /dev/null; cat ${box.at("block.json")}`)] }] },
    });
    const server = await modelServer([reply.text("unused")]);
    const run = await runCli(["-p", "go", "--settings", settings, "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(run.stdout).toContain("UserPromptSubmit operation blocked by hook:\nstop here  end");
    expect(run.stdout).not.toContain(ESC);
  });
});

describe("terminal safety of -p text output", { timeout: 120_000 }, () => {
  const clipboard = Buffer.from("rm -rf ~").toString("base64");
  const HOSTILE = `shown ${ESC}]52;c;${clipboard}${BEL}middle ${ESC}]0;evil-title${BEL}${ESC}[31mred${ESC}[0m end`;

  /** A MessageDisplay hook of the user's (`--settings`) that shows HOSTILE instead of the answer. */
  function displaySetup() {
    const box = sandbox();
    box.json("display.json", {
      hookSpecificOutput: { hookEventName: "MessageDisplay", displayContent: HOSTILE },
    });
    const settings = box.json("s.json", {
      hooks: { MessageDisplay: [{ hooks: [command(`cat > /dev/null; cat ${box.at("display.json")}`)] }] },
    });
    return { box, settings };
  }

  it("on a terminal a MessageDisplay hook's text sets no clipboard nor title; its colour stays (claude 2.1.328 drops control characters there too)", async () => {
    const { box, settings } = displaySetup();
    const server = await modelServer([reply.text("the answer")]);
    const term = TmuxSession.start({
      dir: box.project,
      env: modelEnv(server, box.home),
      args: ["-p", "go", "--settings", settings],
    });
    term.tmux("set-option", "-s", "set-clipboard", "on");
    term.tmux("set-option", "-g", "allow-rename", "on");
    expect(await term.exitCode()).toBe(0);
    expect(term.screen()).toContain("shown middle red end");
    expect(term.tmux("list-buffers")).toBe("");
    expect(term.tmux("display-message", "-p", "#{pane_title}")).not.toContain("evil-title");
    expect(term.screen(true)).toMatch(new RegExp(`${ESC}\\[31mred`));
  });

  it("piped, the text is written as the hook gave it, as claude writes it", async () => {
    const { box, settings } = displaySetup();
    const server = await modelServer([reply.text("the answer")]);
    const run = await runCli(["-p", "go", "--settings", settings, "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${HOSTILE}\n`);
  });
});
