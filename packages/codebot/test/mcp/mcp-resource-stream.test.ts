/**
 * `-p --output-format stream-json` lines of the MCP resource tools, as claude 2.1.328 writes them
 * (recorded with the real server-everything, used here too).
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { printRun } from "../cli/support/cli-fixtures.js";
import { useBuiltCli } from "../cli/support/cli-process.js";
import { everythingServer } from "./mcp-fixtures.js";

useBuiltCli();

describe("MCP resource tools in stream-json", () => {
  it("name claude's tools, give their results as tool_use_result, and were allowed by the configuration", async () => {
    const config = JSON.stringify({ mcpServers: { everything: everythingServer() } });
    const { r: run } = await printRun(
      "go",
      [
        reply.toolCall("list_mcp_resources", {}, "c1"),
        reply.toolCall("read_mcp_resource", { server: "everything", uri: "demo://no/such" }, "c2"),
        reply.text("done"),
      ],
      { flags: ["--output-format", "stream-json", "--verbose", "--mcp-config", config] },
    );
    expect(run.code).toBe(0);
    const lines = run.stdout
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => JSON.parse(l));
    const init = lines[0];
    expect(init.tools).toEqual(expect.arrayContaining(["ListMcpResourcesTool", "ReadMcpResourceTool"]));
    const calls = lines.flatMap((l) =>
      l.type === "assistant" ? l.message.content.filter((b: { type: string }) => b.type === "tool_use") : [],
    );
    expect(calls.map((c: { name: string }) => c.name)).toEqual([
      "ListMcpResourcesTool",
      "ReadMcpResourceTool",
    ]);
    const results = lines.filter((l) => l.type === "user" && l.tool_use_result !== undefined);
    expect(results[0].tool_use_result[0]).toMatchObject({ name: "architecture.md", server: "everything" });
    expect(results[0].message.content[0].content).toBe(JSON.stringify(results[0].tool_use_result));
    // claude's has no reason_type (the tool allows itself); codebot's says the mode allowed a tool that only reads.
    expect(results[0].tool_result_meta[0]).toMatchObject({
      id: "c1",
      permission_decision: { decision: "accept", source: "config" },
    });
    expect(results[1].tool_use_result).toEqual({
      contents: [],
      error:
        "Resource not found: demo://no/such — it may have been deleted or the URI is stale. Re-run list_mcp_resources to refresh.",
    });
  });

  it("--tools chooses among them as among the built-in tools (claude's --tools Bash,Read offers neither)", async () => {
    const config = JSON.stringify({ mcpServers: { everything: everythingServer() } });
    const flags = ["--output-format", "stream-json", "--verbose", "--mcp-config", config];
    const tools = async (names: string) => {
      const { r } = await printRun("go", [reply.text("ok")], { flags: [...flags, "--tools", names] });
      expect(r.stderr).not.toContain("--tools");
      return (JSON.parse(r.stdout.split("\n")[0] as string).tools as string[]).filter(
        (t) => !t.startsWith("mcp__"),
      );
    };
    expect(await tools("Bash,Read")).toEqual(["Bash", "Read"]);
    expect(await tools("Read,ReadMcpResourceTool")).toEqual(["Read", "ReadMcpResourceTool"]);
  });
});
