import fs from "node:fs";
import path from "node:path";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { projectSlug } from "../src/paths/project-slug.js";
import { command, scratchDir, startSession } from "./support/e2e.js";
import { startRuntimeChild } from "./support/fixture-process.js";
import { waitFor } from "./support/wait-for.js";

function parseJsonl(file: string): Record<string, unknown>[] {
  const text = fs.readFileSync(file, "utf8");
  expect(text === "" || text.endsWith("\n")).toBe(true);
  return text
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** Live processes whose environment holds `entry` (other than bash commands it started). */
function processesWithEnv(entry: string): string[] {
  return fs.readdirSync("/proc").filter((pid) => {
    try {
      const env = fs.readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
      const name = fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim();
      return /^\d+$/.test(pid) && env.includes(entry) && name === "node";
    } catch {
      return false;
    }
  });
}

describe("transcript file", () => {
  it("is valid JSONL after a run, one line per message of the main agent, under projects/<slug>/<session>.jsonl; a sub-agent's in its own", async () => {
    const s = await startSession({
      script: [
        reply.toolCalls(toolCall("bash", { command: "echo hi" }, "b1")),
        reply.toolCall("agent", { name: "helper", prompt: "look around" }),
        reply.toolCall("glob", { pattern: "*" }),
        reply.text("looked"),
        reply.text("all done"),
      ],
    });
    await s.runtime.prompt("start");
    expect(s.runtime.transcriptPath).toBe(
      path.join(s.home, "projects", projectSlug(s.project), `${s.runtime.sessionId}.jsonl`),
    );
    const all = parseJsonl(s.runtime.transcriptPath);
    // After the first prompt, the system prompt the conversation started with (--system-prompt-snapshot).
    expect(all[1]).toMatchObject({ type: "attachment", attachment: { type: "prompt_snapshot" } });
    // The messages alone: no attachment, no cost-state line (the prompt's end writes one).
    const lines = all.filter((l) => l.type !== "attachment" && l.type !== "cost-state");
    expect(lines.map((l) => `${l.agentName}:${l.type}`)).toEqual([
      "main:user",
      "main:assistant",
      "main:user",
      "main:assistant",
      "main:user",
      "main:assistant",
    ]);
    // The sub-agent's lines are in its run's own file only, as claude 2.1.328 keeps them (recorded).
    const runs = path.join(path.dirname(s.runtime.transcriptPath), s.runtime.sessionId, "subagents");
    const [own] = fs.readdirSync(runs);
    expect(parseJsonl(path.join(runs, String(own))).map((l) => `${l.agentName}:${l.type}`)).toEqual([
      "helper:user",
      "helper:assistant",
      "helper:user",
      "helper:assistant",
    ]);
    expect(lines[2]?.message).toEqual({
      role: "user",
      content: [{ type: "tool_result", tool_use_id: "b1", content: "hi", is_error: false }],
    });
    expect(lines.at(-1)?.message).toEqual({
      role: "assistant",
      content: [{ type: "text", text: "all done" }],
      model: "scripted",
      usage: {
        input_tokens: 10,
        output_tokens: 5,
        cache_read_input_tokens: 0,
        cache_creation_input_tokens: 0,
      },
    });
    for (const line of lines) expect(line.sessionId).toBe(s.runtime.sessionId);
  });

  it("has the assistant message with a call before the call's PreToolUse hook starts", async () => {
    // The hook reads the transcript it is given and blocks the call unless the message is there.
    const find = String.raw`t=$(cat | sed -n 's/.*"transcript_path":"\([^"]*\)".*/\1/p'); grep -q '"id":"b1"' "$t" || { echo "no line for b1 yet" >&2; exit 2; }`;
    const s = await startSession({
      script: [
        reply.toolCalls(toolCall("bash", { command: "echo ran > ran.txt" }, "b1")),
        reply.text("done"),
      ],
      user: { hooks: { PreToolUse: [command(find)] } },
    });
    await s.runtime.prompt("go");
    expect(fs.readFileSync(s.at("ran.txt"), "utf8")).toBe("ran\n");
  });

  it("is valid JSONL after the process is killed with SIGKILL in the middle of a tool call", async () => {
    const project = scratchDir("codebot-project-");
    const home = scratchDir("codebot-home-");
    const run = startRuntimeChild("slow-bash", { project, home });
    const pidFile = path.join(project, "bash.pid");
    await waitFor(
      () => fs.existsSync(pidFile) && fs.readFileSync(pidFile, "utf8").trim() !== "",
      60_000,
      "the bash call",
    );
    run.child.kill("SIGKILL");
    expect(await run.exited).toEqual({ code: null, signal: "SIGKILL" });
    // What was killed is the runtime itself: no process of it goes on writing the transcript.
    expect(processesWithEnv(`TEST_PROJECT=${project}`)).toEqual([]);
    // The bash process group outlives its parent; end it.
    try {
      process.kill(-Number(fs.readFileSync(pidFile, "utf8").trim()), "SIGKILL");
    } catch {}
    const dir = path.join(home, "projects", projectSlug(project));
    const [file] = fs.readdirSync(dir).filter((f) => f.endsWith(".jsonl"));
    const lines = parseJsonl(path.join(dir, file as string));
    expect(lines.map((l) => l.type)).toEqual(["user", "attachment", "assistant"]);
    expect(lines[2]?.message).toMatchObject({
      role: "assistant",
      content: [{ type: "tool_use", name: "Bash", input: { command: "echo $$ > bash.pid; sleep 30" } }],
    });
  }, 90_000);
});

describe("closeOnSignals", () => {
  it("SIGTERM closes the runtime (SessionEnd completes) and exits with 143", async () => {
    const project = scratchDir("codebot-project-");
    const home = scratchDir("codebot-home-");
    fs.writeFileSync(
      path.join(home, "settings.json"),
      JSON.stringify({ hooks: { SessionEnd: [command("sleep 0.5; cat > ended.json")] } }),
    );
    const run = startRuntimeChild("wait-for-signal", { project, home });
    await waitFor(() => run.stdout().includes("ready"), 60_000, "the child to be ready");
    run.child.kill("SIGTERM");
    expect(await run.exited).toEqual({ code: 143, signal: null });
    expect(JSON.parse(fs.readFileSync(path.join(project, "ended.json"), "utf8"))).toMatchObject({
      event: "SessionEnd",
    });
  }, 90_000);
});
