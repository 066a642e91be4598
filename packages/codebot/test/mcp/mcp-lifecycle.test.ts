import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { scratchDir, startSession, toolResultFor } from "../support/e2e.js";
import { alive } from "../support/process-alive.js";
import { waitFor } from "../support/wait-for.js";

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures/test-server.mjs");

function testServer(mode: string, state: string) {
  return { command: process.execPath, args: [SERVER, mode, state] };
}

function pids(state: string, name: string): number[] {
  const file = path.join(state, name);
  if (!fs.existsSync(file)) return [];
  return fs.readFileSync(file, "utf8").trim().split("\n").filter(Boolean).map(Number);
}

describe("MCP server lifecycle", () => {
  it("a server that crashes at start is reported once with its command and stderr tail, and the session goes on", async () => {
    const state = scratchDir("mcp-state-");
    const s = await startSession({
      user: { mcpServers: { db: testServer("crash", state) } },
      script: [reply.text("still here")],
    });
    const result = await s.runtime.prompt("hi");
    expect(result).toMatchObject({ status: "completed", text: "still here" });
    const reports = s.notices.filter((n) => n.includes("MCP server db"));
    expect(reports).toHaveLength(1);
    expect(reports[0]).toContain("test-server.mjs crash");
    expect(reports[0]).toContain("fatal: cannot open the database at /nowhere");
    expect(s.runtime.mcpServers()).toMatchObject([{ name: "db", state: "failed", tools: [] }]);
    expect(s.model.requests[0]?.tools?.some((t) => t.name.startsWith("mcp__db__"))).toBe(false);
  });

  it("a server whose tool pages never end fails at once, after 64 pages, saying so, not at the startup timeout", async () => {
    const endless = path.join(path.dirname(SERVER), "endless-pages-server.mjs");
    const s = await startSession({
      user: {
        mcpServers: { endless: { command: process.execPath, args: [endless, "tools"] } },
        mcpStartupTimeout: 600_000,
      },
      script: [reply.text("still here")],
    });
    expect(await s.runtime.prompt("hi")).toMatchObject({ status: "completed", text: "still here" });
    expect(s.runtime.mcpServers()).toMatchObject([{ name: "endless", state: "failed", tools: [] }]);
    expect(s.notices.filter((n) => n.includes("MCP server endless")).join("\n")).toContain(
      "tools/list: exceeded 64 pages; server pagination did not terminate",
    );
  });

  it("a server that hangs at initialize delays the first prompt only up to mcpStartupTimeout, is reported once and killed", async () => {
    const state = scratchDir("mcp-state-");
    const s = await startSession({
      // Long enough for the server's Node to boot and record its pid even on a loaded machine.
      user: { mcpServers: { stuck: testServer("hang", state) }, mcpStartupTimeout: 2000 },
      script: [reply.text("answered")],
    });
    const result = await s.runtime.prompt("hi");
    expect(result).toMatchObject({ status: "completed", text: "answered" });
    const reports = await waitFor(() => {
      const r = s.notices.filter((n) => n.includes("MCP server stuck"));
      return r.length > 0 ? r : undefined;
    });
    expect(reports).toHaveLength(1);
    expect(reports[0]).toContain("no answer within 2000 ms");
    const [pid] = pids(state, "starts");
    await waitFor(() => pid !== undefined && !alive(pid), 10_000, "the hung server to be killed");
  });

  it("a session that ends right after giving up on a hung server still reports it, and close() returns with the server killed", async () => {
    const state = scratchDir("mcp-state-");
    const s = await startSession({
      user: { mcpServers: { stuck: testServer("hang", state) }, mcpStartupTimeout: 2000 },
      script: [reply.text("answered")],
    });
    expect(await s.runtime.prompt("hi")).toMatchObject({ status: "completed" });
    await s.runtime.close();
    const [pid] = pids(state, "starts");
    expect(pid).toBeDefined();
    expect(alive(pid as number)).toBe(false);
    const reports = s.notices.filter((n) => n.includes("MCP server stuck"));
    expect(reports).toHaveLength(1);
    expect(reports[0]).toContain("no answer within 2000 ms");
  });

  it("while the first prompt waits for the servers, a second prompt is refused and abort() cancels the wait", async () => {
    const state = scratchDir("mcp-state-");
    const s = await startSession({
      user: { mcpServers: { stuck: testServer("hang", state) }, mcpStartupTimeout: 600_000 },
      script: [reply.text("never sent")],
    });
    const first = s.runtime.prompt("one");
    expect(s.runtime.isRunning).toBe(true);
    await expect(s.runtime.prompt("two")).rejects.toThrow("session: a prompt is already running");
    s.runtime.abort();
    expect((await first).status).toBe("aborted");
    expect(s.model.requests).toHaveLength(0);
  });

  it("MCP_TOOL_TIMEOUT bounds a tool call that never answers: the model gets an error naming it", async () => {
    const state = scratchDir("mcp-state-");
    const s = await startSession({
      user: { mcpServers: { t: testServer("serve", state) }, env: { MCP_TOOL_TIMEOUT: "500" } },
      script: [reply.toolCalls(toolCall("mcp__t__stall", {}, "c-stall")), reply.text("gave up")],
    });
    expect(await s.runtime.prompt("call stall")).toMatchObject({ status: "completed", text: "gave up" });
    expect(toolResultFor(s.model, "c-stall")).toEqual({
      text: "tool mcp__t__stall: MCP server t: no answer within 500 ms (MCP_TOOL_TIMEOUT)",
      isError: true,
    });
  });

  it("an MCP_TOOL_TIMEOUT too big for a timer (meant as 'no limit') does not fail every call at once", async () => {
    const state = scratchDir("mcp-state-");
    const s = await startSession({
      user: { mcpServers: { t: testServer("serve", state) }, env: { MCP_TOOL_TIMEOUT: "99999999999" } },
      script: [reply.toolCalls(toolCall("mcp__t__pid", {}, "c-pid")), reply.text("done")],
    });
    expect(await s.runtime.prompt("call pid")).toMatchObject({ status: "completed", text: "done" });
    expect(toolResultFor(s.model, "c-pid")?.isError).toBe(false);
  });

  it("a server's tools/list_changed is followed: a tool it removed is no longer offered, and a call to it is an unknown tool", async () => {
    const state = scratchDir("mcp-state-");
    const s = await startSession({
      user: { mcpServers: { t: testServer("drop", state) } },
      script: [
        reply.toolCalls(toolCall("mcp__t__drop", {}, "c-drop")),
        reply.text("dropped"),
        reply.toolCalls(toolCall("mcp__t__doomed", {}, "c-doomed")),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("drop it");
    expect(toolResultFor(s.model, "c-drop")).toEqual({ text: "dropped", isError: false });
    const toolsOfT = () => s.runtime.mcpServers().find((server) => server.name === "t")?.tools ?? [];
    await waitFor(() => !toolsOfT().includes("doomed"), 10_000, "the server's new tool list");
    expect(toolsOfT()).toContain("drop");
    await s.runtime.prompt("call doomed");
    const offered = (n: number) => s.model.requests[n]?.tools?.map((t) => t.name) ?? [];
    expect(offered(0)).toContain("mcp__t__doomed");
    expect(offered(2)).toContain("mcp__t__drop");
    expect(offered(2)).not.toContain("mcp__t__doomed");
    expect(toolResultFor(s.model, "c-doomed")?.text).toMatch(/^unknown tool: mcp__t__doomed \(available: /);
  });

  it("a call made while the server restarts waits for the restart instead of failing", async () => {
    const state = scratchDir("mcp-state-");
    const s = await startSession({
      user: { mcpServers: { t: testServer("serve", state) } },
      script: [
        reply.toolCalls(toolCall("mcp__t__die", {}, "c-die")),
        reply.toolCalls(toolCall("mcp__t__pid", {}, "c-pid")),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("die, then pid");
    expect(toolResultFor(s.model, "c-die")?.isError).toBe(true);
    const pid = toolResultFor(s.model, "c-pid");
    expect(pid?.isError).toBe(false);
    expect(pid?.text).toBe(String(pids(state, "starts")[1]));
  });

  it("a server that exits mid-call gives the model an error, is restarted once and works again", async () => {
    const state = scratchDir("mcp-state-");
    const s = await startSession({
      user: { mcpServers: { t: testServer("serve", state) } },
      script: [
        reply.toolCalls(toolCall("mcp__t__die", {}, "c-die")),
        reply.text("it died"),
        reply.toolCalls(toolCall("mcp__t__pid", {}, "c-pid")),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("call die");
    const died = toolResultFor(s.model, "c-die");
    expect(died?.isError).toBe(true);
    expect(died?.text).toContain("MCP server t");
    expect(died?.text).toContain("exited with exit code 3");
    await waitFor(
      () => s.runtime.mcpServers()[0]?.state === "connected" && pids(state, "starts").length === 2,
    );
    const reports = s.notices.filter((n) => n.includes("MCP server t"));
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatch(/exited with exit code 3[\s\S]*about to die[\s\S]*restarting it once/);
    await s.runtime.prompt("call pid");
    expect(toolResultFor(s.model, "c-pid")).toEqual({
      text: String(pids(state, "starts")[1]),
      isError: false,
    });
  });

  it("a server that sends a message too big to read (over 10 MB) is stopped: the call gets an error saying so, the session goes on, the server is restarted once", async () => {
    const state = scratchDir("mcp-state-");
    const s = await startSession({
      user: { mcpServers: { t: testServer("serve", state) } },
      script: [
        reply.toolCalls(toolCall("mcp__t__huge", {}, "c-huge")),
        reply.text("too big"),
        reply.toolCalls(toolCall("mcp__t__pid", {}, "c-pid")),
        reply.text("done"),
      ],
    });
    expect(await s.runtime.prompt("call huge")).toMatchObject({ status: "completed", text: "too big" });
    const TOO_BIG = "was stopped: it sent a message larger than 10 MB, the most codebot reads";
    expect(toolResultFor(s.model, "c-huge")).toEqual({
      text: `tool mcp__t__huge: MCP server t: MCP error -32000: Connection closed (the server ${TOO_BIG})`,
      isError: true,
    });
    await waitFor(
      () => s.runtime.mcpServers()[0]?.state === "connected" && pids(state, "starts").length === 2,
    );
    expect(s.notices.filter((n) => n.includes("MCP server t"))).toEqual([
      `codebot: MCP server t ${TOO_BIG}; restarting it once`,
    ]);
    await s.runtime.prompt("call pid");
    expect(toolResultFor(s.model, "c-pid")).toEqual({
      text: String(pids(state, "starts")[1]),
      isError: false,
    });
  });

  it("after a second death the server stays failed: one more report, its tools gone", async () => {
    const state = scratchDir("mcp-state-");
    const s = await startSession({
      user: { mcpServers: { t: testServer("serve", state) } },
      script: [
        reply.toolCalls(toolCall("mcp__t__die", {}, "c1")),
        reply.text("1"),
        reply.toolCalls(toolCall("mcp__t__die", {}, "c2")),
        reply.text("2"),
        reply.text("3"),
      ],
    });
    await s.runtime.prompt("a");
    await waitFor(
      () => s.runtime.mcpServers()[0]?.state === "connected" && pids(state, "starts").length === 2,
    );
    await s.runtime.prompt("b");
    await waitFor(() => s.runtime.mcpServers()[0]?.state === "failed");
    expect(s.notices.filter((n) => n.includes("MCP server t"))).toHaveLength(2);
    await s.runtime.prompt("c");
    expect(s.model.requests.at(-1)?.tools?.some((t) => t.name.startsWith("mcp__t__"))).toBe(false);
    expect(pids(state, "starts")).toHaveLength(2);
  });

  it("closing the session leaves no server process and no grandchild behind", async () => {
    const state = scratchDir("mcp-state-");
    const s = await startSession({
      user: { mcpServers: { a: testServer("serve", state), b: testServer("serve", state) } },
      script: [reply.text("ok")],
    });
    await s.runtime.prompt("hi");
    const all = [...pids(state, "starts"), ...pids(state, "children")];
    expect(all).toHaveLength(4);
    expect(all.every(alive)).toBe(true);
    await s.runtime.close();
    await waitFor(() => all.every((pid) => !alive(pid)), 10_000, "every server process to end");
  });

  it("an image reaches the model as an image part after the text, and isError stays an error", async () => {
    const state = scratchDir("mcp-state-");
    const s = await startSession({
      user: { mcpServers: { t: testServer("serve", state) } },
      script: [
        reply.toolCalls(toolCall("mcp__t__picture", {}, "c-pic"), toolCall("mcp__t__fails", {}, "c-fail")),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    const tool = s.model.requests[1]?.prompt.find((m) => m.role === "tool");
    const picture =
      tool?.role === "tool"
        ? tool.content.find((p) => p.type === "tool-result" && p.toolCallId === "c-pic")
        : undefined;
    expect(picture).toMatchObject({
      output: {
        type: "content",
        value: [
          { type: "text", text: "a red dot\n[image image/png, 16 bytes]" },
          {
            type: "image-data",
            mediaType: "image/png",
            data: Buffer.from("not really a png").toString("base64"),
          },
        ],
      },
    });
    expect(toolResultFor(s.model, "c-fail")).toEqual({ text: "the thing failed", isError: true });
  });
});

describe("MCP elicitation without an Elicitation hook", () => {
  it("a server's request for input is cancelled, the user is told, and the tool call goes on", async () => {
    const state = scratchDir("mcp-state-");
    const s = await startSession({
      user: { mcpServers: { t: testServer("serve", state) } },
      script: [reply.toolCalls(toolCall("mcp__t__ask", {}, "c-ask")), reply.text("done")],
    });
    await s.runtime.prompt("ask me");
    expect(toolResultFor(s.model, "c-ask")).toEqual({ text: '{"action":"cancel"}', isError: false });
    expect(s.notices).toContain(
      'codebot: MCP server t asked for input ("What is your name?"); cancelled (no Elicitation hook answered)',
    );
  });
});

describe("an MCP server restarted after it died", () => {
  /** A project whose `.mcp.json` server runs its own `srv.mjs`, which starts the test server. */
  function projectServer(): { project: string; home: string; state: string; script: string } {
    const project = scratchDir("codebot-project-");
    const home = scratchDir("codebot-home-");
    const state = scratchDir("mcp-state-");
    const script = path.join(project, "srv.mjs");
    fs.writeFileSync(script, `import ${JSON.stringify(SERVER)};\n`);
    fs.writeFileSync(
      path.join(project, ".mcp.json"),
      JSON.stringify({ mcpServers: { t: { command: process.execPath, args: ["srv.mjs", "serve", state] } } }),
    );
    return { project, home, state, script };
  }

  it("is not restarted once the project file it runs changed since it was approved: the model's edit does not run unasked", async () => {
    const { project, home, state } = projectServer();
    const s = await startSession({
      dirs: { project, home },
      runtime: { trustProjectHooks: true },
      script: [
        // The model rewrites the server's script, then makes the server die: a restart would run the edit.
        reply.toolCalls(
          toolCall(
            "bash",
            {
              command: `printf 'import fs from "node:fs";\\nfs.writeFileSync("ran", "");\\nawait import(%s);\\n' '${JSON.stringify(SERVER)}' > srv.mjs`,
            },
            "c-edit",
          ),
        ),
        reply.toolCalls(toolCall("mcp__t__die", {}, "c-die")),
        reply.text("done"),
      ],
    });
    // The first start must have loaded the approved file before the model edits it: on a loaded
    // machine a server still starting would load the edit, which is not the restart under test.
    await waitFor(() => s.runtime.mcpServers()[0]?.state === "connected", 20_000, "the server to connect");
    // The first start must have run the approved srv.mjs (it answers only once it has) before the edit.
    await waitFor(() => s.runtime.mcpServers()[0]?.state === "connected", 20_000, "the server to connect");
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "c-edit")?.isError).toBe(false);
    await waitFor(
      () => s.runtime.mcpServers()[0]?.state === "failed" || pids(state, "starts").length > 1,
      20_000,
      "the server to be restarted or given up on",
    );
    expect(fs.existsSync(path.join(project, "ran"))).toBe(false);
    expect(pids(state, "starts")).toHaveLength(1);
    expect(s.notices.filter((n) => n.includes("MCP server t")).join("\n")).toContain(
      "did not start: srv.mjs changed since the server was approved for this project",
    );
  });

  it("your own server restarted after the project file an approved env value loads changed starts without that value", async () => {
    // The project's NODE_OPTIONS (approved) requires pre.cjs; the model rewrites it, then makes your server die.
    const project = scratchDir("codebot-project-");
    const home = scratchDir("codebot-home-");
    const state = scratchDir("mcp-state-");
    fs.writeFileSync(path.join(project, "pre.cjs"), 'require("fs").appendFileSync("loaded", "x");\n');
    const s = await startSession({
      dirs: { project, home },
      user: { mcpServers: { t: testServer("serve", state) } },
      project: { env: { NODE_OPTIONS: "--require ./pre.cjs" } },
      runtime: { trustProjectHooks: true },
      script: [
        reply.toolCalls(
          toolCall("bash", { command: `echo 'require("fs").writeFileSync("ran", "")' > pre.cjs` }, "c-edit"),
        ),
        reply.toolCalls(toolCall("mcp__t__die", {}, "c-die")),
        reply.text("done"),
      ],
    });
    // The first start (the server and the grandchild it starts, both with the approved value) must
    // have loaded the approved file before the model edits it: on a loaded machine a grandchild still
    // starting loaded the edit, which is not the restart under test.
    const loads = () =>
      fs.existsSync(path.join(project, "loaded"))
        ? fs.readFileSync(path.join(project, "loaded"), "utf8").length
        : 0;
    await waitFor(() => loads() >= 2, 20_000, "the first start to load the approved file");
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "c-edit")?.isError).toBe(false);
    await waitFor(() => pids(state, "starts").length > 1, 20_000, "the server to be restarted");
    await waitFor(
      () => s.runtime.mcpServers()[0]?.state === "connected",
      20_000,
      "the restarted server to connect",
    );
    expect(fs.existsSync(path.join(project, "ran"))).toBe(false);
  });
});
