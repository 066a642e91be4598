import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { scratchDir, startSession, toolResultFor } from "../support/e2e.js";
import { waitFor } from "../support/wait-for.js";

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures/test-server.mjs");

describe("the mcp_tool hook handler", () => {
  it("calls a server tool with ${tool_input.x} filled in; its JSON answer (its text, not its structured content) blocks like a command hook's stdout", async () => {
    const state = scratchDir("mcp-state-");
    const s = await startSession({
      user: {
        mcpServers: { guard: { command: process.execPath, args: [SERVER, "serve", state] } },
        hooks: {
          PreToolUse: [
            {
              matcher: "bash",
              hooks: [
                {
                  type: "mcp_tool",
                  server: "guard",
                  tool: "verdict",
                  input: { command: "${tool_input.command}" },
                },
              ],
            },
          ],
          PostToolUse: [
            {
              matcher: "bash",
              hooks: [
                {
                  type: "mcp_tool",
                  server: "guard",
                  tool: "record",
                  input: { text: "${tool_name} ran ${tool_input.command}" },
                },
              ],
            },
          ],
        },
      },
      script: [
        reply.toolCalls(toolCall("bash", { command: "rm -f important.txt" }, "c-rm")),
        reply.toolCalls(toolCall("bash", { command: "echo fine" }, "c-ok")),
        reply.text("done"),
      ],
    });
    fs.writeFileSync(s.at("important.txt"), "keep");
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "c-rm")).toEqual({
      text: "hook: verdict refuses: rm -f important.txt",
      isError: true,
    });
    expect(fs.existsSync(s.at("important.txt"))).toBe(true);
    expect(toolResultFor(s.model, "c-ok")).toEqual({ text: "fine", isError: false });
    const recorded = await waitFor(() => {
      const file = path.join(state, "recorded");
      return fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined;
    });
    expect(recorded).toBe("Bash ran echo fine\n");
  });

  it("a hook naming a server the session does not have fails with a clear message and the call goes on", async () => {
    const s = await startSession({
      user: {
        hooks: {
          PreToolUse: [
            { matcher: "bash", hooks: [{ type: "mcp_tool", server: "nowhere", tool: "verdict", input: {} }] },
          ],
        },
      },
      script: [reply.toolCalls(toolCall("bash", { command: "echo ran" }, "c1")), reply.text("done")],
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "c1")).toEqual({ text: "ran", isError: false });
    expect(s.notices.join("\n")).toContain(
      "mcp_tool hook nowhere/verdict: no MCP server named nowhere in this session",
    );
  });
});
