import path from "node:path";
import { fileURLToPath } from "node:url";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { claudeMcpServerOf } from "../../src/mcp/claude-provenance.js";
import { startSession, toolResultFor } from "../support/e2e.js";
import { waitFor } from "../support/wait-for.js";

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures/named-tools-server.mjs");

/**
 * A server labelled `label` listing `names`, then `later` once its tool `relist` is called; it
 * answers nothing for `delayMs` after it starts.
 */
function named(label: string, names: string[], later: string[] = [], delayMs = 0) {
  return {
    command: process.execPath,
    args: [SERVER, label, JSON.stringify(names), JSON.stringify(later), String(delayMs)],
  };
}

const offered = (s: Awaited<ReturnType<typeof startSession>>, n: number) =>
  s.model.requests[n]?.tools?.map((t) => t.name).filter((name) => name.startsWith("mcp__")) ?? [];

describe("MCP tool names a server chooses", () => {
  it("characters a model API refuses become _ in the name offered, as in claude; the call names the tool as the server wrote it", async () => {
    const s = await startSession({
      user: { mcpServers: { s: named("S", ["has space", "a.b/c", "café", "new\nline", "ok-1_2"]) } },
      script: [reply.toolCalls(toolCall("mcp__s__a_b_c", {}, "c-dot")), reply.text("done")],
    });
    await s.runtime.prompt("go");
    expect(offered(s, 0)).toEqual([
      "mcp__s__has_space",
      "mcp__s__a_b_c",
      "mcp__s__caf_",
      "mcp__s__new_line",
      "mcp__s__ok-1_2",
    ]);
    expect(toolResultFor(s.model, "c-dot")).toEqual({ text: "S:a.b/c", isError: false });
  });

  it("a name longer than 64 characters is left out with a notice, not sent to the model API (which would refuse every request)", async () => {
    const long = "x".repeat(60);
    const s = await startSession({
      user: { mcpServers: { s: named("S", [long, "ok"]) } },
      script: [reply.text("done")],
    });
    await s.runtime.prompt("go");
    expect(offered(s, 0)).toEqual(["mcp__s__ok"]);
    expect(s.notices).toContain(
      `codebot: MCP tool mcp__s__${long} left out: a tool name may be at most 64 characters long; model APIs refuse longer ones`,
    );
  });

  it("server a's tool x__y and server a__x's tool y share the name mcp__a__x__y: the first offered keeps it, the other is left out with a notice", async () => {
    const s = await startSession({
      // a__x answers first: its y is offered first.
      user: { mcpServers: { a: named("A", ["x__y"], [], 1500), a__x: named("AX", ["y", "z"]) } },
      script: [reply.toolCalls(toolCall("mcp__a__x__y", {}, "c-xy")), reply.text("done")],
    });
    await s.runtime.prompt("go");
    const tools = offered(s, 0);
    expect(tools.filter((name) => name === "mcp__a__x__y")).toHaveLength(1);
    expect(tools).toContain("mcp__a__x__z");
    expect(s.model.requests[0]?.tools?.find((t) => t.name === "mcp__a__x__y")?.description).toBe("AX tool 0");
    expect(toolResultFor(s.model, "c-xy")).toEqual({ text: "AX:y", isError: false });
    expect(s.notices.filter((n) => n.includes("left out"))).toEqual([
      `codebot: MCP tool "x__y" of server "a" left out: mcp__a__x__y already names tool "y" of server "a__x"`,
    ]);
  });

  it("a name listed twice, or two names that become one (get.file, get_file), is offered once, for the first; the other is reported", async () => {
    const s = await startSession({
      user: { mcpServers: { s: named("S", ["dup", "dup", "get.file", "get_file"]) } },
      script: [reply.toolCalls(toolCall("mcp__s__get_file", {}, "c-get")), reply.text("done")],
    });
    await s.runtime.prompt("go");
    expect(offered(s, 0)).toEqual(["mcp__s__dup", "mcp__s__get_file"]);
    expect(s.model.requests[0]?.tools?.find((t) => t.name === "mcp__s__dup")?.description).toBe("S tool 0");
    expect(toolResultFor(s.model, "c-get")).toEqual({ text: "S:get.file", isError: false });
    expect(s.notices.filter((n) => n.includes("left out"))).toEqual([
      `codebot: MCP tool "dup" of server "s" left out: the server lists mcp__s__dup more than once; the first is offered`,
      `codebot: MCP tool "get_file" of server "s" left out: mcp__s__get_file already names tool "get.file" of server "s"`,
    ]);
  });

  it("names differing only in case (Deploy, deploy) are one for permission rules, which ignore case: the second is left out", async () => {
    const s = await startSession({
      user: { mcpServers: { s: named("S", ["deploy", "Deploy"]) } },
      script: [reply.text("done")],
    });
    await s.runtime.prompt("go");
    expect(offered(s, 0)).toEqual(["mcp__s__deploy"]);
    expect(s.notices).toContain(
      `codebot: MCP tool "Deploy" of server "s" left out: permission rules, which ignore case, read mcp__s__Deploy as mcp__s__deploy, the name of tool "deploy" of server "s"`,
    );
  });

  it("after a re-list (tools/list_changed), a tool that comes to a name another tool holds is left out: the name keeps reaching the first", async () => {
    const s = await startSession({
      user: { mcpServers: { a: named("A", ["relist"], ["relist", "x__y"]), a__x: named("AX", ["y"]) } },
      script: [
        reply.toolCalls(toolCall("mcp__a__relist", {}, "c-relist")),
        reply.text("relisted"),
        reply.toolCalls(toolCall("mcp__a__x__y", {}, "c-xy")),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("relist");
    const notice = `codebot: MCP tool "x__y" of server "a" left out: mcp__a__x__y already names tool "y" of server "a__x"`;
    await waitFor(() => s.notices.includes(notice), 10_000, "server a's new tool list");
    await s.runtime.prompt("call x__y");
    expect(offered(s, 2).filter((name) => name === "mcp__a__x__y")).toHaveLength(1);
    expect(toolResultFor(s.model, "c-xy")).toEqual({ text: "AX:y", isError: false });
  });

  it("a name whose tool went away in a re-list is not given to another tool for the rest of the session", async () => {
    const s = await startSession({
      user: {
        mcpServers: {
          a: named("A", ["relist"], ["relist", "x__y"], 1500),
          a__x: named("AX", ["y", "relist"], ["relist"]),
        },
      },
      script: [
        reply.toolCalls(
          toolCall("mcp__a__x__relist", {}, "c-drop-y"),
          toolCall("mcp__a__relist", {}, "c-add-xy"),
        ),
        reply.text("relisted"),
        reply.toolCalls(toolCall("mcp__a__x__y", {}, "c-xy")),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("relist both");
    const notice = `codebot: MCP tool "x__y" of server "a" left out: mcp__a__x__y already names tool "y" of server "a__x"`;
    const toolsOf = (name: string) =>
      s.runtime.mcpServers().find((server) => server.name === name)?.tools ?? [];
    await waitFor(
      () => s.notices.includes(notice) && !toolsOf("a__x").includes("y"),
      10_000,
      "both servers' new tool lists",
    );
    await s.runtime.prompt("call x__y");
    expect(offered(s, 2)).not.toContain("mcp__a__x__y");
    expect(toolResultFor(s.model, "c-xy")?.text).toMatch(/^unknown tool: mcp__a__x__y /);
  });

  it("a tool left out for its name is not listed as its server's: a call's server (hooks' mcp_server) is the one it reaches", async () => {
    const s = await startSession({
      user: { mcpServers: { a: named("A", ["x__y", "w"], [], 1500), a__x: named("AX", ["y"]) } },
      script: [reply.text("done")],
    });
    await s.runtime.prompt("go");
    const servers = s.runtime.mcpServers();
    expect(servers.find((server) => server.name === "a")?.tools).toEqual(["w"]);
    expect(claudeMcpServerOf("mcp__a__x__y", servers)?.name).toBe("a__x");
  });
});
