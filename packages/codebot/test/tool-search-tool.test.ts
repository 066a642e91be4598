import type { Tool } from "@codebot/agentcore";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { deferredToolPlaceholder, searchTools } from "../src/tools/tool-search-tool.js";

const tool = (name: string, description = ""): Tool => ({
  name,
  description,
  inputSchema: z.object({}),
  execute: async () => ({ content: "", isError: false }),
});

const pool = [
  tool("mcp__fs__list_directory", "List the files of a directory"),
  tool("mcp__fs__read_file", "Read a file"),
  tool("mcp__slack__send_message", "Send a message"),
  tool("mcp__mail__send", "Send an email"),
];
const all = [tool("bash"), ...pool];

describe("searchTools: the query forms of claude's ToolSearch", () => {
  it("select: picks the named tools of the session, in the order named, unknown names dropped", () => {
    expect(searchTools("select:mcp__fs__read_file, nope ,bash", pool, all, 5)).toEqual([
      "mcp__fs__read_file",
      "bash",
    ]);
  });

  it("select: never picks DeferredToolPlaceholder, as claude 2.1.328 drops it (recorded: select:Bash,Read,mcp__everything__echo,DeferredToolPlaceholder matched the first three)", () => {
    const session = [...all, deferredToolPlaceholder];
    expect(searchTools("select:bash,DeferredToolPlaceholder", pool, session, 5)).toEqual(["bash"]);
  });

  it("a deferred tool's whole name, in any case, is that tool alone", () => {
    expect(searchTools("MCP__FS__READ_FILE", pool, all, 5)).toEqual(["mcp__fs__read_file"]);
  });

  it("keywords rank a whole word of the name over a description's mention, at most max_results", () => {
    expect(searchTools("send", pool, all, 5)).toEqual(["mcp__slack__send_message", "mcp__mail__send"]);
    expect(searchTools("file", pool, all, 1)).toEqual(["mcp__fs__read_file"]);
  });

  it("+term must be in the name; the other terms rank what is left", () => {
    expect(searchTools("+slack send", pool, all, 5)).toEqual(["mcp__slack__send_message"]);
  });

  it("nothing matches: no names", () => {
    expect(searchTools("zzzqqq", pool, all, 5)).toEqual([]);
  });
});
