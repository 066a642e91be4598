/**
 * `/add-dir <folder>` in the interactive session (Claude Code's command): the file tools reach the
 * folder from then on, and DirectoryAdded fires with `directory` and `source` `slash_command`, as
 * claude 2.1.328's does (recorded: after its /add-dir, never for `--add-dir`); a hook's
 * systemMessage reaches the model (claude: `DirectoryAdded hook: <message>`). As claude's, it asks
 * first: for this session, also remembered in the project's local settings, or not at all.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { waitFor } from "../support/wait-for.js";
import { command, modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";
import { startSession } from "./support/terminal-session.js";
import { TmuxSession } from "./support/tmux.js";

useBuiltCli();

const ADD_QUESTION = /^ {2}1 this session · 2 and remember it · 3 no: ?$/m;

describe("/add-dir with DirectoryAdded", { timeout: 120_000 }, () => {
  it("adds the folder for the file tools and fires DirectoryAdded; a folder that is not there adds nothing", async () => {
    const box = sandbox();
    const other = fs.realpathSync(fs.mkdtempSync(path.join(box.home, "other-")));
    fs.writeFileSync(path.join(other, "notes.txt"), "from the added folder\n");
    const settings = box.json("s.json", {
      hooks: {
        DirectoryAdded: [
          {
            matcher: "slash_command",
            hooks: [
              command(
                `cat >> ${box.at("added.jsonl")}; echo '{"systemMessage":"the shared folder is read-only"}'`,
              ),
            ],
          },
          { matcher: "register_repo_root", hooks: [command(`touch ${box.at("other-matcher-ran")}`)] },
        ],
      },
    });
    const server = await modelServer([
      reply.toolCall("read", { file_path: path.join(other, "notes.txt") }),
      reply.text("read it"),
    ]);
    const term = await startSession(box, server, { args: ["--settings", settings] });
    term.submit("/add-dir no-such-folder");
    await term.waitForScreen("/add-dir: no-such-folder does not exist");
    term.submit(`/add-dir ${other}`);
    await term.waitForScreen(ADD_QUESTION);
    term.type("1");
    await term.waitForScreen(`added ${other}: the file tools reach it for this session`);
    await waitFor(() => fs.existsSync(box.at("added.jsonl")));
    term.submit("read the notes");
    await term.waitForScreen("read it");
    expect(requestText(server.requests[1])).toContain("from the added folder");
    // The hook's systemMessage goes to the model with the next prompt, as claude words it.
    expect(requestText(server.requests[0])).toContain("DirectoryAdded hook: the shared folder is read-only");
    const payloads = fs
      .readFileSync(box.at("added.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(payloads).toEqual([
      expect.objectContaining({
        hook_event_name: "DirectoryAdded",
        directory: other,
        source: "slash_command",
      }),
    ]);
    expect(fs.existsSync(box.at("other-matcher-ran"))).toBe(false);
    term.submit(`/add-dir ${other}`);
    await term.waitForScreen(`/add-dir: the file tools reach ${other} already`);
  });

  it("a folder whose name holds an escape sequence (a cloned repository's link to it) is named with it written out", async () => {
    const box = sandbox();
    const evil = path.join(fs.realpathSync(box.home), "evil\u001b]0;PWNED\u0007dir");
    fs.mkdirSync(evil);
    fs.symlinkSync(evil, path.join(box.project, "vendor"));
    const server = await modelServer([reply.text("unused")]);
    const term = TmuxSession.start({ dir: box.project, env: modelEnv(server, box.home), args: [] });
    await term.waitForScreen(/^›/m);
    term.submit("/add-dir vendor");
    await term.waitForScreen(ADD_QUESTION);
    term.type("1");
    const screen = await term.waitForScreen("the file tools reach it for this session");
    expect(screen).toContain("evil\\x1b]0;PWNED\\x07dir");
  });

  it("2 remembers it: saved in .claude/settings.local.json as claude saves it, reached by later sessions; another folder written there is not, without your approval", async () => {
    const box = sandbox();
    const other = fs.realpathSync(fs.mkdtempSync(path.join(box.home, "kept-")));
    const sneaked = fs.realpathSync(fs.mkdtempSync(path.join(box.home, "sneaked-")));
    fs.writeFileSync(path.join(other, "notes.txt"), "REMEMBERED-FOLDER\n");
    fs.writeFileSync(path.join(sneaked, "secret.txt"), "SNEAKED-FOLDER\n");
    // A key of claude's that asks nothing (codebot skips it).
    box.json(".claude/settings.local.json", { spinnerTipsEnabled: false });
    const term = TmuxSession.start({
      dir: box.project,
      env: modelEnv(await modelServer([reply.text("unused")]), box.home),
      args: [],
    });
    await term.waitForScreen(/^›/m);
    term.submit(`/add-dir ${other}`);
    await term.waitForScreen(ADD_QUESTION);
    term.type("2");
    const file = path.join(box.project, ".claude", "settings.local.json");
    await term.waitForScreen(/and in later sessions \(saved to/);
    // claude's key, with what the file held kept.
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toEqual({
      spinnerTipsEnabled: false,
      permissions: { additionalDirectories: [other] },
    });
    term.submit("/exit");
    await term.exitCode();

    // What a cloned repository (or anything else) adds to the same list is not your answer.
    const saved = JSON.parse(fs.readFileSync(file, "utf8"));
    saved.permissions.additionalDirectories.push(sneaked);
    fs.writeFileSync(file, JSON.stringify(saved));
    const server = await modelServer([
      reply.toolCall("read", { file_path: path.join(other, "notes.txt") }, "r1"),
      reply.toolCall("read", { file_path: path.join(sneaked, "secret.txt") }, "r2"),
      reply.text("done"),
    ]);
    const r = await runCli(["-p", "read both", "--permission-mode", "bypassPermissions"], {
      env: modelEnv(server, box.home),
      cwd: box.project,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(requestText(server.requests[1])).toContain("REMEMBERED-FOLDER");
    expect(requestText(server.requests[2])).not.toContain("SNEAKED-FOLDER");
    expect(requestText(server.requests[2])).toContain("outside the project directory");
  });

  it("Esc (or 3, or Ctrl+C) adds nothing and saves nothing, as claude's 'Did not add'", async () => {
    const box = sandbox();
    const other = fs.realpathSync(fs.mkdtempSync(path.join(box.home, "no-")));
    const term = TmuxSession.start({
      dir: box.project,
      env: modelEnv(await modelServer([reply.text("unused")]), box.home),
      args: [],
    });
    await term.waitForScreen(/^›/m);
    term.submit(`/add-dir ${other}`);
    await term.waitForScreen(ADD_QUESTION);
    term.press("Escape");
    await term.waitForScreen(`did not add ${other}`);
    // Not added: asked again, not "reached already"; the prompt is back, with no interruption said.
    expect(term.screen()).not.toContain("interrupting");
    term.submit(`/add-dir ${other}`);
    await term.waitForScreen(/3 no: ?$[\s\S]*3 no: ?$/m);
    term.type("3");
    await term.waitForScreen(/did not add[\s\S]*did not add/);
    // Ctrl+C answers no too, and interrupts nothing.
    term.submit(`/add-dir ${other}`);
    await term.waitForScreen(/(3 no:[\s\S]*){3}/);
    term.press("C-c");
    await term.waitForScreen(/(did not add[\s\S]*){3}/);
    expect(term.screen()).not.toContain("interrupting");
    expect(fs.existsSync(path.join(box.project, ".claude", "settings.local.json"))).toBe(false);
  });

  it("in screen-reader mode its answers are numbered, one a line, as claude's", async () => {
    const box = sandbox();
    const other = fs.realpathSync(fs.mkdtempSync(path.join(box.home, "sr-")));
    const term = TmuxSession.start({
      dir: box.project,
      env: modelEnv(await modelServer([reply.text("unused")]), box.home),
      args: ["--ax-screen-reader"],
    });
    await term.waitForScreen(/^\$/m);
    term.submit(`/add-dir ${other}`);
    const asked = await term.waitForScreen(/^Select with numbers \[1-3\]: ?$/m);
    expect(asked).toContain(
      [
        "1. Yes, for this session",
        "2. Yes, and remember this directory",
        "3. No",
        "Select with numbers [1-3]:",
      ].join("\n"),
    );
    term.type("1");
    await term.waitForScreen(`added ${other}: the file tools reach it for this session`);
  });
});
