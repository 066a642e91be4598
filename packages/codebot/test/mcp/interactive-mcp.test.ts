import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, requestText, sandbox } from "../cli/support/cli-fixtures.js";
import { useBuiltCli } from "../cli/support/cli-process.js";
import { TmuxSession } from "../cli/support/tmux.js";
import { waitFor } from "../support/wait-for.js";
import { everythingServer } from "./mcp-fixtures.js";

useBuiltCli();

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures/test-server.mjs");

describe("MCP in the interactive session", { timeout: 120_000 }, () => {
  it("lists the project's unapproved server in the one consent question before starting it; the first prompt waits for it; /mcp shows it connected with its tools", async () => {
    const box = sandbox();
    const state = box.at("state");
    fs.mkdirSync(state);
    box.json(".mcp.json", {
      mcpServers: { t: { command: process.execPath, args: [SERVER, "serve", state] } },
    });
    const server = await modelServer([reply.toolCall("mcp__t__pid", {}), reply.text("got the pid")]);
    const term = TmuxSession.start({
      dir: box.project,
      env: modelEnv(server, box.home),
      args: ["--permission-mode", "bypassPermissions"],
    });
    // The project's one consent question lists its MCP servers with its hooks and grants.
    const question = await term.waitForScreen("allow them?");
    expect(question).toContain("MCP servers the project wants to start (not approved yet):");
    expect(question).toMatch(/^ {2}t\n {4}runs \S+ \S+ serve/m);
    expect(question).toContain(`runs ${process.execPath} ${SERVER} serve`);
    expect(fs.existsSync(path.join(state, "starts"))).toBe(false);
    term.type("y");
    await term.waitForScreen(/^›/m);
    // The first prompt waits for the servers to start.
    term.submit("what is the pid");
    await term.waitForScreen("got the pid");
    const pid = fs.readFileSync(path.join(state, "starts"), "utf8").trim();
    expect(requestText(server.requests[1])).toContain(pid);
    term.submit("/mcp");
    await term.waitForScreen("tools: pid, die, picture, fails, record, verdict, stall, ask");
    expect(await term.waitForScreen("t · connected")).toContain("from mcp.json .mcp.json");
    term.submit("/exit");
    await term.exitCode();
    await waitFor(() => {
      try {
        process.kill(Number(pid), 0);
        return false;
      } catch {
        return true;
      }
    });
  });

  it("typing a server's prompt (/mcp__everything__args-prompt Paris France) at once sends it to the model once the server is up; /mcp lists the prompts", async () => {
    const box = sandbox();
    box.json(`${box.home}/settings.json`, { mcpServers: { everything: everythingServer() } });
    const server = await modelServer([reply.text("it is sunny")]);
    const term = TmuxSession.start({ dir: box.project, env: modelEnv(server, box.home), args: [] });
    await term.waitForScreen(/^›/m);
    // Typed at once: it waits for the server still starting.
    term.submit("/mcp__everything__args-prompt Paris France");
    await term.waitForScreen("it is sunny");
    expect(requestText(server.requests[0])).toContain("What's weather in Paris, France?");
    term.submit("/mcp");
    await term.waitForScreen("prompts: /mcp__everything__simple-prompt, /mcp__everything__args-prompt");
    term.submit("/exit");
    await term.exitCode();
  });

  it("a server `claude mcp add` wrote for the project (~/.claude.json) starts without the consent question; /mcp says where it came from", async () => {
    const box = sandbox();
    const state = box.at("state");
    fs.mkdirSync(state);
    box.json(`${box.home}/.claude.json`, {
      projects: {
        [fs.realpathSync(box.project)]: {
          mcpServers: {
            y: { type: "stdio", command: process.execPath, args: [SERVER, "serve", state], env: {} },
          },
        },
      },
    });
    const server = await modelServer([]);
    const term = TmuxSession.start({ dir: box.project, env: modelEnv(server, box.home), args: [] });
    const first = await term.waitForScreen(/^›/m);
    expect(first).not.toContain("allow them?");
    term.submit("/mcp");
    // The snapshot may be taken while it still starts: the origin line is what counts here.
    await term.waitForScreen(`from claude-local ${path.join(box.home, ".claude.json")}`);
    term.submit("/exit");
    await term.exitCode();
  });
});
