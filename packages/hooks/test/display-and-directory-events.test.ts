import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createHookRunner, describeHook, type HookRunner, loadHooks } from "../src/index.js";
import { q, readJson, tempDir } from "./support.js";

const runners: HookRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.close()));
});

/** A runner over one user layer of Claude Code groups (one group per matcher), each a command hook. */
function runnerWith(event: string, groups: { matcher?: string; commands: string[] }[]) {
  const dir = tempDir();
  const hooks = {
    [event]: groups.map(({ matcher, commands }) => ({
      ...(matcher !== undefined ? { matcher } : {}),
      hooks: commands.map((command) => ({ type: "command", command })),
    })),
  };
  const loaded = loadHooks([{ source: "user", path: "/settings/user.json", settings: { hooks } }]);
  expect(loaded.problems).toEqual([]);
  const runner = createHookRunner({
    hooks: loaded,
    session: { sessionId: "sess-1", cwd: dir, transcriptPath: join(dir, "t.jsonl") },
  });
  runners.push(runner);
  return { runner, dir };
}

const shown = (text: string) =>
  `echo '${JSON.stringify({ hookSpecificOutput: { hookEventName: "MessageDisplay", displayContent: text } })}'`;
const message = { turnId: "turn-1", messageId: "msg-1", index: 0, final: true, delta: "hello\nworld" };

describe("MessageDisplay", () => {
  it("gets claude 2.1.328's payload: turn_id, message_id, index, final and delta", async () => {
    const { runner, dir } = runnerWith("MessageDisplay", [{ commands: [`cat > ${q("in.json")}`] }]);
    await runner.fire("MessageDisplay", message);
    expect(readJson(join(dir, "in.json"))).toEqual({
      session_id: "sess-1",
      transcript_path: join(dir, "t.jsonl"),
      cwd: dir,
      hook_event_name: "MessageDisplay",
      turn_id: "turn-1",
      message_id: "msg-1",
      index: 0,
      final: true,
      delta: "hello\nworld",
    });
  });

  it("a hook's hookSpecificOutput.displayContent is what is shown; the last one given wins", async () => {
    const { runner } = runnerWith("MessageDisplay", [{ commands: [shown("FIRST"), "true", shown("LAST")] }]);
    expect(await runner.fire("MessageDisplay", message)).toMatchObject({
      kind: "allow",
      displayContent: "LAST",
    });
  });

  it("waits 10 s for a hook that sets no timeout of its own, as claude 2.1.328 does", () => {
    const group = (hooks: Record<string, unknown>[]) => ({ MessageDisplay: [{ hooks }] });
    const loaded = loadHooks([
      {
        source: "user",
        path: "/settings/user.json",
        settings: {
          hooks: group([
            { type: "command", command: "a" },
            { type: "command", command: "b", timeout: 3 },
          ]),
        },
      },
    ]);
    expect(loaded.hooks.map((h) => h.timeoutMs)).toEqual([10_000, 3_000]);
  });

  it("hooks list says its hooks cannot block", () => {
    const { runner } = runnerWith("MessageDisplay", [{ commands: ["true"] }]);
    expect(runner.hooks.map((hook) => describeHook(hook).blocking)).toEqual([
      "no (MessageDisplay cannot block)",
    ]);
  });

  it("a hook that exits 2 or 1 shows the text as it was, and the other hooks still count", async () => {
    const { runner } = runnerWith("MessageDisplay", [
      { commands: [shown("KEPT"), `${shown("BLOCKED")}; exit 2`, `${shown("FAILED")}; exit 1`] },
    ]);
    expect(await runner.fire("MessageDisplay", message)).toMatchObject({
      kind: "allow",
      displayContent: "KEPT",
    });
    const { runner: alone } = runnerWith("MessageDisplay", [{ commands: ["echo no >&2; exit 2"] }]);
    const decision = await alone.fire("MessageDisplay", message);
    expect(decision.kind).toBe("allow");
    expect(decision).not.toHaveProperty("displayContent");
  });
});

describe("DirectoryAdded", () => {
  it("its payload carries directory and source, which its matcher is compared with", async () => {
    const { runner, dir } = runnerWith("DirectoryAdded", [
      { matcher: "slash_command", commands: [`cat > ${q("in.json")}`] },
      { matcher: "register_repo_root", commands: [`touch ${q("other")}`] },
    ]);
    await runner.fire("DirectoryAdded", { directory: "/w/extra", source: "slash_command" });
    expect(readJson(join(dir, "in.json"))).toMatchObject({
      hook_event_name: "DirectoryAdded",
      directory: "/w/extra",
      source: "slash_command",
    });
    expect(existsSync(join(dir, "other"))).toBe(false);
  });

  it("its Claude Code groups are waited for: the systemMessages of those that succeeded come back in order", async () => {
    const said = (text: string) => `echo '${JSON.stringify({ systemMessage: text })}'`;
    const { runner } = runnerWith("DirectoryAdded", [
      { commands: [said("first"), "true", `${said("blocked")}; exit 2`, said("last")] },
    ]);
    const decision = await runner.fire("DirectoryAdded", { directory: "/w/extra", source: "slash_command" });
    expect(decision).toMatchObject({ systemMessages: ["first", "last"] });
  });
});
