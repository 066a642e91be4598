/**
 * CwdChanged and FileChanged through a real session with real hook scripts: the bash tool's `cd`
 * carries over and fires CwdChanged; FileChanged watches the files its matchers name and the
 * `watchPaths` hooks return, and every watcher ends with the session.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, group, startSession, toolResultFor } from "./support/e2e.js";
import { waitFor } from "./support/wait-for.js";

/** The FileChanged payloads a hook appended to `log`, once there are `n`. */
async function logged(s: { jsonLines(rel: string): Record<string, unknown>[] }, n: number) {
  return waitFor(
    () => {
      const lines = s.jsonLines("file-events.jsonl");
      return lines.length >= n ? lines : undefined;
    },
    10_000,
    `${n} FileChanged payloads`,
  );
}

describe("CwdChanged", () => {
  it("a cd in bash carries over to the next command and fires CwdChanged with old_cwd and new_cwd", async () => {
    const s = await startSession({
      user: { hooks: { CwdChanged: [group("", command("cat >> cwd-events.jsonl"))] } },
      script: [
        reply.toolCall("bash", { command: "mkdir -p sub/deeper && cd sub" }, "c1"),
        reply.toolCall("bash", { command: "pwd" }, "c2"),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "c2")?.text).toBe(path.join(s.project, "sub"));
    await s.runtime.close();
    expect(s.jsonLines("cwd-events.jsonl")).toEqual([
      expect.objectContaining({
        hook_event_name: "CwdChanged",
        old_cwd: s.project,
        new_cwd: path.join(s.project, "sub"),
        session_id: s.runtime.sessionId,
      }),
    ]);
  });

  it("a cd out of the project goes back to the project directory, says so, and fires nothing", async () => {
    const s = await startSession({
      user: { hooks: { CwdChanged: [group("", command("cat >> cwd-events.jsonl"))] } },
      script: [
        reply.toolCall("bash", { command: "cd / && echo moved" }, "c1"),
        reply.toolCall("bash", { command: "pwd" }, "c2"),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "c1")?.text).toBe(
      `moved\n[the working directory / is outside the project; it is back at ${s.project}]`,
    );
    expect(toolResultFor(s.model, "c2")?.text).toBe(s.project);
    await s.runtime.close();
    expect(s.jsonLines("cwd-events.jsonl")).toEqual([]);
  });
});

describe("FileChanged", () => {
  it("fires for the files its matcher names: add, change and unlink, matched on the file's name", async () => {
    const s = await startSession({
      user: {
        hooks: {
          FileChanged: [
            group(".envrc|.env", command("cat >> file-events.jsonl")),
            group("package.json", command("touch package-hook-ran")),
          ],
        },
      },
    });
    const envrc = s.at(".envrc");
    expect(s.runtime.watchedFiles).toEqual([s.at(".env"), envrc, s.at("package.json")]);
    fs.writeFileSync(envrc, "export A=1\n");
    await logged(s, 1);
    fs.appendFileSync(envrc, "export B=2\n");
    await logged(s, 2);
    fs.rmSync(envrc);
    const events = await logged(s, 3);
    expect(events).toEqual(
      ["add", "change", "unlink"].map((event) =>
        expect.objectContaining({ hook_event_name: "FileChanged", file_path: envrc, event }),
      ),
    );
    expect(fs.existsSync(s.at("package-hook-ran"))).toBe(false);
    // Closed with the session: no watcher left, and a later change fires nothing.
    await s.runtime.close();
    expect(s.runtime.watchedFiles).toEqual([]);
    fs.writeFileSync(envrc, "again\n");
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(s.jsonLines("file-events.jsonl")).toHaveLength(3);
  });

  it("watches the watchPaths SessionStart returns; CwdChanged's replace them, and matchers follow the cd", async () => {
    const returns = (event: string, dir: string) =>
      `mkdir -p a b sub; printf '{"hookSpecificOutput":{"hookEventName":"${event}","watchPaths":["%s/${dir}/x.json"]}}' "$CLAUDE_PROJECT_DIR"`;
    const s = await startSession({
      user: {
        hooks: {
          SessionStart: [group("", command(returns("SessionStart", "a")))],
          CwdChanged: [group("", command(returns("CwdChanged", "b")))],
          FileChanged: [group("x.json", command("cat >> file-events.jsonl"))],
        },
      },
      script: [reply.toolCall("bash", { command: "cd sub" }, "c1"), reply.text("done")],
    });
    const at = (...parts: string[]) => path.join(s.project, ...parts);
    await waitFor(() => s.runtime.watchedFiles.includes(at("a/x.json")));
    expect(s.runtime.watchedFiles).toEqual([at("a/x.json"), at("x.json")]);
    fs.writeFileSync(at("a/x.json"), "{}");
    expect((await logged(s, 1))[0]).toMatchObject({ file_path: at("a/x.json"), event: "add" });

    await s.runtime.prompt("go");
    await waitFor(() => s.runtime.watchedFiles.includes(at("b/x.json")));
    expect(s.runtime.watchedFiles).toEqual([at("b/x.json"), at("sub/x.json")]);
    fs.writeFileSync(at("sub/x.json"), "{}");
    expect((await logged(s, 2))[1]).toMatchObject({ file_path: at("sub/x.json"), event: "add" });
  });

  /** A SessionStart hook answering `watchPaths: [<project>/<source>/x.json]` (a folder that exists), FileChanged on x.json. */
  const watchingBySource = {
    SessionStart: [
      group(
        "",
        command(
          `src=$(grep -o '"source":"[a-z]*"' | cut -d'"' -f4); mkdir -p "$src"; printf '{"hookSpecificOutput":{"hookEventName":"SessionStart","watchPaths":["%s/%s/x.json"]}}' "$CLAUDE_PROJECT_DIR" "$src"`,
        ),
      ),
    ],
    FileChanged: [group("x.json", command("true"))],
  };

  it("watches the watchPaths of the SessionStart that follows /clear, as at start", async () => {
    const s = await startSession({ user: { hooks: watchingBySource } });
    await waitFor(() => s.runtime.watchedFiles.includes(s.at("startup/x.json")));
    s.runtime.clear();
    await waitFor(
      () => s.runtime.watchedFiles.includes(s.at("clear/x.json")),
      10_000,
      "clear/x.json watched",
    );
    expect(s.runtime.watchedFiles).toContain(s.at("startup/x.json"));
  });

  it("watches the watchPaths of the SessionStart that follows a compaction", async () => {
    const s = await startSession({
      user: { hooks: watchingBySource },
      script: [reply.text("first answer"), reply.text("the summary")],
    });
    await s.runtime.prompt("go");
    expect(await s.runtime.compact()).toMatchObject({ compacted: true });
    expect(s.runtime.watchedFiles).toContain(s.at("compact/x.json"));
  });

  it("no FileChanged hook: nothing is watched", async () => {
    const s = await startSession({ user: { hooks: { CwdChanged: [group("", command("true"))] } } });
    expect(s.runtime.watchedFiles).toEqual([]);
  });
});
