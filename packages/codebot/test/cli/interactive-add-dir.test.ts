/**
 * `/add-dir <folder>` in the interactive session (Claude Code's command): the file tools reach the
 * folder from then on, and DirectoryAdded fires with `directory` and `source` `slash_command`, as
 * claude 2.1.328's does (recorded: after its /add-dir, never for `--add-dir`); a hook's
 * systemMessage reaches the model (claude: `DirectoryAdded hook: <message>`).
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { waitFor } from "../support/wait-for.js";
import { command, modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { TmuxSession } from "./support/tmux.js";

useBuiltCli();

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
    const term = TmuxSession.start({
      dir: box.project,
      env: modelEnv(server, box.home),
      args: ["--settings", settings],
    });
    await term.waitForScreen(/^›/m);
    term.submit("/add-dir no-such-folder");
    await term.waitForScreen("/add-dir: no-such-folder does not exist");
    term.submit(`/add-dir ${other}`);
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
    const screen = await term.waitForScreen("the file tools reach it for this session");
    expect(screen).toContain("evil\\x1b]0;PWNED\\x07dir");
  });
});
