/**
 * What an edit's model lacked of the file, in PostToolUse's `tool_response` as claude 2.1.328 gives
 * it (recorded, `-p`, a loopback model, a Claude Code hook of `~/.claude/settings.json`): after a
 * read of part of the file, Edit's result adds `contentNotInModelContext: true`; after a whole
 * read and a change on disk, `staleRecovered: true` too, and the model reads a note; after a
 * whole read of the file as it is, neither. Write's result has neither, whatever was read.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const STALE_NOTE = "(note: the file had been modified on disk since you last read it";

/** `-p` playing `calls` (then "done"); every write's and edit's tool_response, by file, and the requests. */
async function run(files: Record<string, string>, calls: ReturnType<typeof reply.toolCall>[]) {
  const box = sandbox();
  for (const [name, text] of Object.entries(files)) box.write(name, text);
  const log = path.join(box.home, "post.jsonl");
  box.json(path.join(box.home, ".claude", "settings.json"), {
    hooks: {
      PostToolUse: [
        { matcher: "Write|Edit", hooks: [{ type: "command", command: `{ cat; echo; } >> '${log}'` }] },
      ],
    },
  });
  const server = await modelServer([...calls, reply.text("done")]);
  const r = await runCli(["-p", "go", "--cwd", box.project, "--dangerously-skip-permissions"], {
    env: modelEnv(server, box.home),
    cwd: box.project,
  });
  expect(r.code, r.stderr).toBe(0);
  const responses = fs
    .readFileSync(log, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line).tool_response as Record<string, unknown>);
  return { responses, requests: server.requests };
}

describe("Edit's tool_response says what the model lacked of the file", { timeout: 120_000 }, () => {
  it("after a read of part of the file: contentNotInModelContext, not staleRecovered", async () => {
    const { responses } = await run({ "s.txt": "alpha\nbeta\ngamma\n" }, [
      reply.toolCall("read", { file_path: "s.txt", offset: 1, limit: 1 }),
      reply.toolCall("edit", { file_path: "s.txt", old_string: "beta", new_string: "BETA" }),
    ]);
    expect(responses[0]).toMatchObject({ contentNotInModelContext: true, replaceAll: false });
    expect(responses[0]).not.toHaveProperty("staleRecovered");
  });

  it("after a whole read and a change on disk: staleRecovered and contentNotInModelContext, and the model reads claude's note", async () => {
    const { responses, requests } = await run({ "s.txt": "one\ntwo\n" }, [
      reply.toolCall("read", { file_path: "s.txt" }),
      reply.toolCall("bash", { command: "echo extra >> s.txt" }),
      reply.toolCall("edit", { file_path: "s.txt", old_string: "one", new_string: "ONE" }),
    ]);
    expect(responses[0]).toMatchObject({ staleRecovered: true, contentNotInModelContext: true });
    // In claude's order, after replaceAll (codebot's own output and success aside).
    const claudes = Object.keys(responses[0] ?? {}).filter((k) => k !== "output" && k !== "success");
    expect(claudes.slice(-3)).toEqual(["replaceAll", "staleRecovered", "contentNotInModelContext"]);
    expect(requestText(requests.at(-1))).toContain(STALE_NOTE);
  });

  it("after a whole read of the file as it is: neither field, no note", async () => {
    const { responses, requests } = await run({ "s.txt": "one\ntwo\n" }, [
      reply.toolCall("read", { file_path: "s.txt" }),
      reply.toolCall("edit", { file_path: "s.txt", old_string: "one", new_string: "ONE" }),
      reply.toolCall("edit", { file_path: "s.txt", old_string: "two", new_string: "TWO" }),
    ]);
    for (const response of responses) {
      expect(response).not.toHaveProperty("contentNotInModelContext");
      expect(response).not.toHaveProperty("staleRecovered");
    }
    expect(requestText(requests.at(-1))).not.toContain(STALE_NOTE);
  });

  it("of a file never read (claude refuses such an edit): contentNotInModelContext", async () => {
    const { responses } = await run({ "s.txt": "one\n" }, [
      reply.toolCall("edit", { file_path: "s.txt", old_string: "one", new_string: "ONE" }),
    ]);
    expect(responses[0]).toMatchObject({ contentNotInModelContext: true });
  });

  it("Write's result has neither, even after a read of part of the file", async () => {
    const big = Array.from({ length: 3000 }, (_, i) => `line ${i}\n`).join("");
    const { responses } = await run({ "big.txt": big }, [
      reply.toolCall("read", { file_path: "big.txt", limit: 10 }),
      reply.toolCall("write", { file_path: "big.txt", content: "short now\n" }),
    ]);
    expect(responses[0]).toMatchObject({ type: "update", content: "short now\n" });
    expect(responses[0]).not.toHaveProperty("contentNotInModelContext");
    expect(responses[0]).not.toHaveProperty("staleRecovered");
  });
});
