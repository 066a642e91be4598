import fs from "node:fs";
import path from "node:path";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { scratchDir, startSession, toolResultFor } from "../support/e2e.js";
import { everythingServer, filesystemServer } from "./mcp-fixtures.js";

// claude 2.1.328 (recorded with server-everything's get-roots-list and server-filesystem) gives its
// servers the session's folders as MCP roots: the project's, then --add-dir's, `file://` URIs with
// no name; server-filesystem then reaches those folders in place of the one its arguments name.

const rootsText = (folders: string[]) =>
  `Current MCP Roots (${folders.length} total):\n\n${folders
    .map((folder, i) => `${i + 1}. Unnamed Root\n   URI: file://${folder}\n\n`)
    .join("")}`;

describe("MCP roots: the session's folders", () => {
  it("a server asking roots/list gets the project's folder, then --add-dir's", async () => {
    const extra = fs.realpathSync(scratchDir("roots-extra-"));
    const s = await startSession({
      user: { mcpServers: { everything: everythingServer() } },
      runtime: { addDirs: [extra] },
      script: [reply.toolCalls(toolCall("mcp__everything__get-roots-list", {}, "c1")), reply.text("done")],
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "c1")?.text).toContain(rootsText([fs.realpathSync(s.project), extra]));
  });

  it("a folder /add-dir adds is one more root: the server is told its roots changed", async () => {
    const extra = fs.realpathSync(scratchDir("roots-added-"));
    const s = await startSession({
      user: { mcpServers: { everything: everythingServer() } },
      script: [
        reply.toolCalls(toolCall("mcp__everything__get-roots-list", {}, "before")),
        reply.text("one"),
        reply.toolCalls(toolCall("mcp__everything__get-roots-list", {}, "after")),
        reply.text("two"),
      ],
    });
    await s.runtime.prompt("first");
    s.runtime.addDirectory(extra);
    // server-everything asks for the roots again on the notification, out of band: give it time
    // enough on a loaded CI machine (500 ms was its measured need's ample bound on a quiet one).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await s.runtime.prompt("second");
    const project = fs.realpathSync(s.project);
    expect(toolResultFor(s.model, "before")?.text).toContain(rootsText([project]));
    expect(toolResultFor(s.model, "after")?.text).toContain(rootsText([project, extra]));
  });

  it("server-filesystem reaches the project's folder (its roots), not the folder its arguments name", async () => {
    const named = scratchDir("roots-named-");
    fs.writeFileSync(path.join(named, "elsewhere.txt"), "outside the project");
    const s = await startSession({ script: [] });
    fs.writeFileSync(s.at("note.txt"), "inside the project");
    const t = await startSession({
      dirs: { project: s.project, home: s.home },
      user: { mcpServers: { fs: filesystemServer(named) } },
      script: [
        reply.toolCalls(toolCall("mcp__fs__read_text_file", { path: s.at("note.txt") }, "c-in")),
        reply.toolCalls(
          toolCall("mcp__fs__read_text_file", { path: path.join(named, "elsewhere.txt") }, "c-out"),
        ),
        reply.text("done"),
      ],
    });
    await t.runtime.prompt("read");
    expect(toolResultFor(t.model, "c-in")).toEqual({
      text: '{"content":"inside the project"}',
      isError: false,
    });
    expect(toolResultFor(t.model, "c-out")).toMatchObject({ isError: true });
    expect(toolResultFor(t.model, "c-out")?.text).toMatch(/outside allowed directories/i);
  });
});
