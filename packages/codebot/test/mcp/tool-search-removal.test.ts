/**
 * A deferred MCP tool that goes while a prompt runs (its server said its tools changed without
 * it): as claude 2.1.328 (recorded with this server, ENABLE_TOOL_SEARCH=true; docs/mcp.md) the
 * model reads `The following deferred tools are no longer available…`, and, unlike claude, the
 * requests from then on no longer offer the tool: a call to it is an unknown tool.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type RecordedRequest, reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "../cli/support/cli-fixtures.js";
import { jsonLines, runCli, useBuiltCli } from "../cli/support/cli-process.js";
import { scratchDir } from "../support/e2e.js";
import { claudeDeferredDelta } from "./mcp-fixtures.js";

useBuiltCli();

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures", "test-server.mjs");
const NOTE =
  "The following deferred tools are no longer available. Do not search for them — tool_search will return no match:\nmcp__t__doomed\n\nThis is ambient context — do not narrate it to the user unless they ask or it is directly relevant to their request.";

/** The one session transcript under `home`. */
function transcriptOf(home: string): string {
  const projects = path.join(home, "projects");
  const [file] = fs
    .readdirSync(projects, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".jsonl"));
  return path.join(projects, file as string);
}

const offers = (request: RecordedRequest | undefined, name: string) =>
  (request?.body?.tools ?? []).some((t: { name: string }) => t.name === name);

/**
 * The model loads doomed and drop, calls drop (the server removes doomed and says so), calls pid
 * until a request no longer offers doomed (the server's new list comes in its own time), then
 * calls doomed anyway.
 */
function dropScript() {
  let step = 0;
  let gone = false;
  return Array.from({ length: 30 }, () => (request: RecordedRequest) => {
    step += 1;
    if (step === 1)
      return reply.toolCall("tool_search", { query: "select:mcp__t__doomed,mcp__t__drop" }, "s1");
    if (step === 2) return reply.toolCall("mcp__t__drop", {}, "d1");
    if (gone) return reply.text("done");
    // The new list comes after a round trip or two; 20 is far past it (then the test fails clearly).
    if (step > 22) return reply.text("doomed was never taken away");
    if (offers(request, "mcp__t__doomed")) return reply.toolCall("mcp__t__pid", {}, `p${step}`);
    gone = true;
    return reply.toolCall("mcp__t__doomed", {}, "x1");
  });
}

async function dropRun(extra: string[] = []) {
  const box = sandbox();
  const state = scratchDir("mcp-state-");
  const mcpConfig = box.json("mcp.json", {
    mcpServers: { t: { command: process.execPath, args: [SERVER, "drop", state] } },
  });
  const server = await modelServer(dropScript());
  const args = ["--mcp-config", mcpConfig, "--permission-mode", "bypassPermissions", "--cwd", box.project];
  const env = modelEnv(server, box.home);
  const r = await runCli(["-p", "go", "--output-format", "stream-json", "--verbose", ...args, ...extra], {
    env,
  });
  expect(r.code, r.stderr).toBe(0);
  const first = server.requests.findIndex((request, i) => i > 1 && !offers(request, "mcp__t__doomed"));
  expect(first).toBeGreaterThan(1);
  return { server, box, args, env, first, stdout: r.stdout };
}

const resultOf = (request: RecordedRequest | undefined, id: string) =>
  (request?.body.messages ?? [])
    .flatMap((m: { content: unknown }) => (Array.isArray(m.content) ? m.content : []))
    .find((b: { tool_use_id?: string }) => b.tool_use_id === id);

describe("a deferred MCP tool that goes mid-prompt", () => {
  it("is no longer offered from the next request on, and the model's call to it is an unknown tool", async () => {
    const { server, first } = await dropRun();
    for (const request of server.requests.slice(first)) expect(offers(request, "mcp__t__doomed")).toBe(false);
    const result = resultOf(server.requests.at(-1), "x1");
    expect(result.is_error).toBe(true);
    expect(JSON.stringify(result.content)).toContain("unknown tool: mcp__t__doomed");
  });

  it("claude-sonnet-4-5 reads claude's note in a <system-reminder> after the results, in that request and every later one", async () => {
    const { server, first } = await dropRun();
    const reminder = { type: "text", text: `<system-reminder>\n${NOTE}\n</system-reminder>` };
    expect(server.requests[first]?.body.messages.at(-1).content.at(-1)).toEqual(reminder);
    expect(JSON.stringify(server.requests[first - 1]?.body)).not.toContain("no longer available");
    expect(JSON.stringify(server.requests.at(-1)?.body).split("no longer available")).toHaveLength(2);
  });

  it("claude-opus-5-5 reads it in a system message after the results", async () => {
    const { server, first } = await dropRun(["--model", "anthropic/claude-opus-5-5"]);
    expect(server.requests[first]?.body.model).toBe("claude-opus-5-5");
    expect(server.requests[first]?.body.messages.at(-1)).toEqual({
      role: "system",
      content: [{ type: "text", text: NOTE }],
    });
  });

  it("stream-json prints no line for the note, as claude prints none", async () => {
    const { stdout } = await dropRun();
    expect(stdout).not.toContain("no longer available");
    expect(jsonLines(stdout).length).toBeGreaterThan(0);
  });

  it("the transcript keeps the note as claude's deferred_tools_delta line after the listing's, and -c sends it where it was", async () => {
    const { server, box, args, env } = await dropRun();
    const before = server.requests.at(-1)?.body.messages;
    const resumed = await runCli(["-c", "-p", "more", ...args], { env });
    expect(resumed.code, resumed.stderr).toBe(0);
    const after = server.requests.at(-1)?.body.messages;
    // The server restarted with doomed: it is offered again (claude re-adds it too), the note stays.
    const noteAt = (messages: unknown[]) =>
      messages.findIndex((m) => JSON.stringify(m).includes("no longer available"));
    expect(noteAt(after)).toBe(noteAt(before));
    expect(noteAt(before)).toBeGreaterThan(0);
    expect(after[noteAt(after)]).toEqual(before[noteAt(before)]);
    const lines = fs
      .readFileSync(transcriptOf(box.home), "utf8")
      .split("\n")
      .filter((line) => line.includes("deferred_tools_delta"))
      .map((line) => JSON.parse(line).attachment);
    // The listing, the note, and -c's note that doomed came back (its restarted server has it).
    expect(lines).toHaveLength(3);
    expect(lines[0]).toEqual(claudeDeferredDelta(lines[0].addedNames));
    expect(lines[0].addedNames).toContain("mcp__t__doomed");
    expect(lines.slice(1)).toEqual([
      claudeDeferredDelta([], ["mcp__t__doomed"]),
      claudeDeferredDelta(["mcp__t__doomed"]),
    ]);
  });
});
