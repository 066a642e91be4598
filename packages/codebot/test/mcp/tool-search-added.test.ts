/**
 * A deferred MCP tool that a server adds while a prompt runs (it says its tools changed, with a
 * new one): as claude 2.1.328 (recorded with this server's `add`, ENABLE_TOOL_SEARCH=true;
 * docs/mcp.md) the tool search finds it once the server's new list is in, the model reads claude's
 * note that it is available, and can load and call it in the same prompt; the prompt's listing
 * stays as it was.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type RecordedRequest, reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "../cli/support/cli-fixtures.js";
import { runCli, useBuiltCli } from "../cli/support/cli-process.js";
import { scratchDir } from "../support/e2e.js";
import { transcriptWithoutListing } from "../support/transcript-without-listing.js";
import { claudeDeferredDelta } from "./mcp-fixtures.js";

useBuiltCli();

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures", "test-server.mjs");
const NOTE =
  'The following deferred tools are now available via tool_search. Their schemas are NOT loaded — calling them directly will fail with InputValidationError. Use tool_search with query "select:<name>[,<name>...]" to load tool schemas before calling them:\nmcp__t__fresh';

const offered = (request: RecordedRequest | undefined, name: string) =>
  (request?.body?.tools ?? []).find((t: { name: string }) => t.name === name);

/** The last message of `request` holds a tool_reference to `name` (a search loaded it). */
const loads = (request: RecordedRequest, name: string) =>
  JSON.stringify(request.body.messages.at(-1)).includes(`"tool_name":"${name}"`);

/**
 * The model loads add and calls it (the server adds fresh and says so), searches for fresh until
 * the search finds it (the server's new list comes in its own time), then calls it.
 */
function addScript() {
  let step = 0;
  let called = false;
  return Array.from({ length: 30 }, () => (request: RecordedRequest) => {
    step += 1;
    if (step === 1) return reply.toolCall("tool_search", { query: "select:mcp__t__add" }, "s1");
    if (step === 2) return reply.toolCall("mcp__t__add", {}, "a1");
    if (called) return reply.text("done");
    if (loads(request, "mcp__t__fresh")) {
      called = true;
      return reply.toolCall("mcp__t__fresh", {}, "f1");
    }
    // The new list comes after a round trip or two; 20 is far past it (then the test fails clearly).
    if (step > 22) return reply.text("fresh was never found");
    return reply.toolCall("tool_search", { query: "select:mcp__t__fresh" }, `s${step}`);
  });
}

const deltaLines = (home: string) => {
  const projects = path.join(home, "projects");
  const [file] = fs
    .readdirSync(projects, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".jsonl"));
  return fs
    .readFileSync(path.join(projects, file as string), "utf8")
    .split("\n")
    .filter((line) => line.includes("deferred_tools_delta"))
    .map((line) => JSON.parse(line).attachment);
};

async function addRun(extra: string[] = []) {
  const box = sandbox();
  const state = scratchDir("mcp-state-");
  const mcpConfig = box.json("mcp.json", {
    mcpServers: { t: { command: process.execPath, args: [SERVER, "add", state] } },
  });
  const server = await modelServer(addScript());
  const args = ["--mcp-config", mcpConfig, "--permission-mode", "bypassPermissions", "--cwd", box.project];
  const env = modelEnv(server, box.home);
  const r = await runCli(["-p", "go", "--output-format", "stream-json", "--verbose", ...args, ...extra], {
    env,
  });
  expect(r.code, r.stderr).toBe(0);
  return { requests: server.requests, box, stdout: r.stdout, args: [...args, ...extra], env };
}

const resultOf = (request: RecordedRequest | undefined, id: string) =>
  (request?.body.messages ?? [])
    .flatMap((m: { content: unknown }) => (Array.isArray(m.content) ? m.content : []))
    .find((b: { tool_use_id?: string }) => b.tool_use_id === id);

describe("a deferred MCP tool added mid-prompt", () => {
  it("is loaded by the tool search in the same prompt, offered deferred, and the model's call to it runs", async () => {
    const { requests } = await addRun();
    const loaded = requests.findIndex((request) => loads(request, "mcp__t__fresh"));
    expect(loaded).toBeGreaterThan(1);
    expect(offered(requests[loaded - 1], "mcp__t__fresh")).toBeUndefined();
    expect(offered(requests[loaded], "mcp__t__fresh")).toMatchObject({ defer_loading: true });
    const result = resultOf(requests.at(-1), "f1");
    expect(result.is_error).not.toBe(true);
    expect(JSON.stringify(result.content)).toContain("fresh here");
  });

  it("claude-opus-5-5 reads claude's note in a system message after the results, kept in place; the listing stays as it was", async () => {
    const { requests } = await addRun(["--model", "anthropic/claude-opus-5-5"]);
    const note = { role: "system", content: [{ type: "text", text: NOTE }] };
    const listing = requests[0]?.body.messages[1];
    expect(listing.role).toBe("system");
    expect(JSON.stringify(listing)).not.toContain("mcp__t__fresh");
    // The note itself: the model's searches for fresh name the tool too, before the server's list comes.
    const noted = requests.findIndex((request) =>
      request.body.messages.some((m: unknown) => JSON.stringify(m) === JSON.stringify(note)),
    );
    expect(noted).toBeGreaterThan(1);
    expect(requests[noted]?.body.messages.at(-1)).toEqual(note);
    for (const request of requests) {
      const systems = request.body.messages.filter((m: { role: string }) => m.role === "system");
      expect(systems).toEqual(requests.indexOf(request) < noted ? [listing] : [listing, note]);
    }
  });

  it("stream-json prints no line for the note, and the transcript keeps it as claude's deferred_tools_delta line after the listing's", async () => {
    const { box, stdout } = await addRun();
    expect(stdout).not.toContain("now available");
    const lines = deltaLines(box.home);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toEqual(claudeDeferredDelta(lines[0].addedNames));
    expect(lines[0].addedNames).toContain("mcp__t__add");
    expect(lines[0].addedNames).not.toContain("mcp__t__fresh");
    expect(lines[1]).toEqual(claudeDeferredDelta(["mcp__t__fresh"]));
  });

  it("-c in a new process sends the note where it stood, as claude's -c does (recorded)", async () => {
    const { requests, args, env } = await addRun(["--model", "anthropic/claude-sonnet-4-5"]);
    const reminder = JSON.stringify({ type: "text", text: `<system-reminder>\n${NOTE}\n</system-reminder>` });
    const isNote = (m: unknown) => JSON.stringify(m).includes(reminder);
    const before = requests.at(-1)?.body.messages;
    const resumed = await runCli(["-c", "-p", "more", ...args], { env });
    expect(resumed.code, resumed.stderr).toBe(0);
    const after = requests.at(-1)?.body.messages;
    expect(after.findIndex(isNote)).toBeGreaterThan(0);
    expect(after.findIndex(isNote)).toBe(before.findIndex(isNote));
    expect(after[after.findIndex(isNote)]).toEqual(before[before.findIndex(isNote)]);
  });

  it("a tool gone between sessions (the restarted server has no fresh): -c's prompt opens with claude's note that it went (recorded)", async () => {
    const { requests, box, args, env } = await addRun(["--model", "anthropic/claude-sonnet-4-5"]);
    const resumed = await runCli(["-c", "-p", "more", ...args], { env });
    expect(resumed.code, resumed.stderr).toBe(0);
    const gone =
      "The following deferred tools are no longer available. Do not search for them — tool_search will return no match:\nmcp__t__fresh\n\nThis is ambient context — do not narrate it to the user unless they ask or it is directly relevant to their request.";
    expect(requests.at(-1)?.body.messages.at(-1).content).toEqual([
      { type: "text", text: `<system-reminder>\n${gone}\n</system-reminder>` },
      { type: "text", text: "more" },
    ]);
    expect(deltaLines(box.home).at(-1)).toEqual(claudeDeferredDelta([], ["mcp__t__fresh"]));
  });

  it("-c of an older codebot's transcript (its notes, no listing), twice: the note stays where it stood, and no listing is written after the answers", async () => {
    const { requests, box, args, env } = await addRun(["--model", "anthropic/claude-sonnet-4-5"]);
    const reminder = JSON.stringify({ type: "text", text: `<system-reminder>\n${NOTE}\n</system-reminder>` });
    // The notes after the first message (which opens with the request's listing, in the same words).
    const notes = (messages: unknown[]) =>
      messages.slice(1).filter((m) => JSON.stringify(m).includes("now available"));
    const before = requests.at(-1)?.body.messages;
    withoutListingLine(box.home);
    for (const prompt of ["more", "again"]) {
      const resumed = await runCli(["-c", "-p", prompt, ...args], { env });
      expect(resumed.code, resumed.stderr).toBe(0);
      const after = requests.at(-1)?.body.messages;
      const at = after.findIndex((m: unknown) => JSON.stringify(m).includes(reminder));
      expect(at).toBe(before.findIndex((m: unknown) => JSON.stringify(m).includes(reminder)));
      expect(notes(after)).toEqual([after[at]]);
    }
    expect(deltaLines(box.home)).toEqual([claudeDeferredDelta(["mcp__t__fresh"])]);
  });
});

/** The session's transcript as an older codebot wrote it: the listing's line taken out (it wrote none). */
function withoutListingLine(home: string): void {
  const projects = path.join(home, "projects");
  const [name] = fs
    .readdirSync(projects, { recursive: true, encoding: "utf8" })
    .filter((entry) => entry.endsWith(".jsonl"));
  const file = path.join(projects, name as string);
  fs.writeFileSync(file, transcriptWithoutListing(fs.readFileSync(file, "utf8")));
}
