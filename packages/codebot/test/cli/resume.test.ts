import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { projectSlug } from "../../src/paths/project-slug.js";
import { waitFor } from "../support/wait-for.js";
import { command, modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import {
  expectNoStackTrace,
  jsonLines,
  runCli,
  startCli,
  useBuiltCli,
  userLine,
} from "./support/cli-process.js";

useBuiltCli();

/** The one transcript under CODEBOT_HOME/projects/<slug>/. */
function transcriptOf(home: string): string {
  const dir = path.join(home, "projects");
  const [slug] = fs.readdirSync(dir);
  const files = fs.readdirSync(path.join(dir, slug as string)).filter((f) => f.endsWith(".jsonl"));
  expect(files).toHaveLength(1);
  return path.join(dir, slug as string, files[0] as string);
}

describe("resuming a session", () => {
  it("-c after a finished -p run: the first request has the earlier conversation, SessionStart gets source resume, same session and transcript", async () => {
    const box = sandbox();
    const settings = box.json("s.json", {
      hooks: { SessionStart: [{ hooks: [command("cat >> starts.jsonl; echo >> starts.jsonl")] }] },
    });
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo EARLIER-OUTPUT" }, "t1"),
      reply.text("EARLIER-ANSWER"),
      reply.text("second answer"),
    ]);
    const env = modelEnv(server, box.home);
    const args = ["--settings", settings, "--cwd", box.project, "--permission-mode", "bypassPermissions"];
    const first = await runCli(["-p", "EARLIER-PROMPT", "--output-format", "json", ...args], { env });
    expect(first.code).toBe(0);
    const firstId = JSON.parse(first.stdout).session_id;

    const second = await runCli(["-c", "-p", "go on", "--output-format", "json", ...args], { env });
    expect(second.code).toBe(0);
    expectNoStackTrace(second.stderr);
    expect(JSON.parse(second.stdout)).toMatchObject({ session_id: firstId, result: "second answer" });
    const request = requestText(server.requests[2]);
    for (const earlier of ["EARLIER-PROMPT", "EARLIER-OUTPUT", "EARLIER-ANSWER", "go on"])
      expect(request).toContain(earlier);
    const lines = fs
      .readFileSync(box.at("starts.jsonl"), "utf8")
      .split("\n")
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.hook_event_name, l.source, l.session_id])).toEqual([
      ["SessionStart", "startup", firstId],
      ["SessionStart", "resume", firstId],
    ]);
    // One transcript, both runs in it.
    expect(fs.readFileSync(transcriptOf(box.home), "utf8")).toContain("go on");
  });

  it("-c after a -p run whose model call failed: the transcript has claude's synthetic API Error line, which the next request does not send", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.httpError(400, { message: "the request is malformed", headers: { "request-id": "req_1" } }),
      reply.text("second answer"),
    ]);
    const env = modelEnv(server, box.home, { CLAUDE_CODE_MAX_RETRIES: "0" });
    const args = ["--cwd", box.project, "--output-format", "json"];
    const first = await runCli(["-p", "FAILED-PROMPT", ...args], { env });
    expect(first.code).toBe(1);
    const lines = jsonLines(fs.readFileSync(transcriptOf(box.home), "utf8"));
    const prompt = lines.find((l) => l.type === "user");
    // As claude 2.1.328 writes it (recorded with a 529): chained on from the prompt.
    expect(lines.at(-1)).toMatchObject({
      type: "assistant",
      parentUuid: prompt?.uuid,
      message: {
        role: "assistant",
        model: "<synthetic>",
        content: [{ type: "text", text: "API Error: 400 the request is malformed" }],
        stop_reason: "stop_sequence",
      },
      requestId: "req_1",
      error: "unknown",
      isApiErrorMessage: true,
      apiErrorStatus: 400,
      apiErrorType: "invalid_request_error",
    });

    const second = await runCli(["-c", "-p", "AGAIN", ...args], { env });
    expect(second.code, second.stderr).toBe(0);
    const request = requestText(server.requests[1]);
    expect(request).toContain("FAILED-PROMPT");
    expect(request).toContain("AGAIN");
    expect(request).not.toContain("API Error");
  });

  it("an interactive -c of a session whose last run failed on a model error shows that run's API Error answer in the recap, as claude 2.1.328's does", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.text("FIRST-ANSWER"),
      reply.httpError(400, { message: "the request is malformed" }),
      reply.text("third answer"),
    ]);
    const env = modelEnv(server, box.home, { CLAUDE_CODE_MAX_RETRIES: "0" });
    const args = ["--cwd", box.project];
    expect((await runCli(["-p", "FIRST-PROMPT", ...args], { env })).code).toBe(0);
    expect((await runCli(["-c", "-p", "FAILED-PROMPT", ...args], { env })).code).toBe(1);

    const r = await runCli(["-c", ...args], { env, input: "go on\n" });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split("\n");
    const order = [
      "── earlier in this session ──",
      "› FIRST-PROMPT",
      "FIRST-ANSWER",
      "› FAILED-PROMPT",
      "API Error: 400 the request is malformed",
      "──",
      "› go on",
      "third answer",
    ].map((line) => lines.findIndex((l) => l.trim() === line));
    expect(order).not.toContain(-1);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // The model is still not sent it.
    expect(requestText(server.requests[2])).not.toContain("API Error");
  });

  it("-c counts on from what the session had used, as claude 2.1.328 does (its cost-state line): total_cost_usd, modelUsage and -p /cost, across a compaction", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("one"), reply.text("two"), reply.text("SUMMARY")]);
    const env = modelEnv(server, box.home);
    const args = ["--cwd", box.project, "--output-format", "json"];
    const first = JSON.parse((await runCli(["-p", "FIRST", ...args], { env })).stdout);
    const [model] = Object.keys(first.modelUsage);
    const once = first.modelUsage[model as string];
    expect(first.total_cost_usd).toBeGreaterThan(0);
    const lines = jsonLines(fs.readFileSync(transcriptOf(box.home), "utf8"));
    expect(lines.at(-1)).toMatchObject({
      type: "cost-state",
      sessionId: first.session_id,
      totalCostUSD: first.total_cost_usd,
    });

    const second = JSON.parse((await runCli(["-c", "-p", "SECOND", ...args], { env })).stdout);
    expect(second.session_id).toBe(first.session_id);
    expect(second.total_cost_usd).toBeCloseTo(2 * first.total_cost_usd, 6);
    expect(second.modelUsage[model as string]).toMatchObject({
      inputTokens: 2 * once.inputTokens,
      outputTokens: 2 * once.outputTokens,
    });
    // `usage` stays this prompt's own, as claude's.
    expect(second.usage).toEqual(first.usage);

    expect((await runCli(["-c", "-p", "/compact", ...args], { env })).code).toBe(0);
    const cost = JSON.parse((await runCli(["-c", "-p", "/cost", ...args], { env })).stdout);
    expect(cost.total_cost_usd).toBeCloseTo(3 * first.total_cost_usd, 6);
    // claude's /cost after -c (recorded): the restored use, per model.
    expect(cost.result).toContain(`Estimated cost:        $${cost.total_cost_usd.toFixed(4)}\n`);
    expect(cost.result).toMatch(new RegExp(`^ *${model}:  \\d+ input, \\d+ output, `, "m"));
  });

  it("-c keeps the session's first start in its cost-state line and counts its tool time and API time without retries on, as claude 2.1.328's (recorded)", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("one"), reply.text("two")]);
    const env = modelEnv(server, box.home);
    const args = ["--cwd", box.project, "--output-format", "json"];
    const file = () => transcriptOf(box.home);
    const isCostState = (line: Record<string, unknown>) => line.type === "cost-state";
    expect((await runCli(["-p", "FIRST", ...args], { env })).code).toBe(0);
    const lines = jsonLines(fs.readFileSync(file(), "utf8"));
    const first = lines.findLast(isCostState);
    expect(first?.startTime).toBeLessThanOrEqual(Date.now());
    // The times of a longer session, as a user's line would have them after a while.
    Object.assign(first ?? {}, { totalToolDuration: 7_000, totalAPIDurationWithoutRetries: 4_000 });
    fs.writeFileSync(file(), lines.map((line) => `${JSON.stringify(line)}\n`).join(""));

    expect((await runCli(["-c", "-p", "SECOND", ...args], { env })).code).toBe(0);
    const second = jsonLines(fs.readFileSync(file(), "utf8")).findLast(isCostState);
    expect(second?.startTime).toBe(first?.startTime);
    expect(second?.totalToolDuration).toBe(7_000);
    expect(second?.totalAPIDurationWithoutRetries).toBeGreaterThanOrEqual(4_000);
  });

  it("/clear starts the count from nothing, as claude 2.1.328's (recorded: -c -p /clear reports $0): its result and a /cost after it say $0", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("one")]);
    const env = modelEnv(server, box.home);
    const r = await runCli(
      [
        "-p",
        "--input-format",
        "stream-json",
        "--output-format",
        "stream-json",
        "--verbose",
        "--cwd",
        box.project,
      ],
      { env, input: userLine("FIRST") + userLine("/clear") + userLine("/cost") },
    );
    expect(r.code, r.stderr).toBe(0);
    const results = r.stdout
      .split("\n")
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l))
      .filter((l) => l.type === "result");
    expect(results).toHaveLength(3);
    expect(results[0].total_cost_usd).toBeGreaterThan(0);
    expect(results[1].total_cost_usd).toBe(0);
    expect(results[2].total_cost_usd).toBe(0);
    expect(results[2].result).toContain(
      "Usage:                 0 input, 0 output, 0 cache read, 0 cache write",
    );
  });

  it("a retried model call: the transcript has claude's system api_error line for the retry, chained in the conversation; -c passes over it", async () => {
    const box = sandbox();
    const overloaded = reply.httpError(529, {
      message: "Overloaded",
      headers: { "retry-after-ms": "1", "request-id": "req_9" },
    });
    const server = await modelServer([overloaded, reply.text("FIRST-ANSWER"), reply.text("second answer")]);
    const env = modelEnv(server, box.home);
    const args = ["--cwd", box.project, "--output-format", "json"];
    expect((await runCli(["-p", "FIRST-PROMPT", ...args], { env })).code).toBe(0);
    const lines = jsonLines(fs.readFileSync(transcriptOf(box.home), "utf8"));
    const prompt = lines.find((l) => l.type === "user");
    const retry = lines.find((l) => l.subtype === "api_error");
    // As claude 2.1.328 writes it (recorded with a 529).
    expect(retry).toMatchObject({
      type: "system",
      level: "error",
      parentUuid: prompt?.uuid,
      error: {
        message: expect.stringMatching(/^529 \{.*Overloaded/),
        status: 529,
        requestId: "req_9",
        formatted: "529 Overloaded",
      },
      retryInMs: expect.any(Number),
      retryAttempt: 1,
      maxRetries: 10,
      source: "request_retry",
    });
    expect(lines.find((l) => l.type === "assistant")).toMatchObject({ parentUuid: retry?.uuid });

    const second = await runCli(["-c", "-p", "AGAIN", ...args], { env });
    expect(second.code, second.stderr).toBe(0);
    const request = requestText(server.requests[2]);
    for (const said of ["FIRST-PROMPT", "FIRST-ANSWER", "AGAIN"]) expect(request).toContain(said);
    expect(request).not.toContain("Overloaded");
  });

  it("-c passes over a later session left without a prompt and goes on with the one that has the conversation", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("IMPORTANT-ANSWER"), reply.text("went on")]);
    const env = modelEnv(server, box.home);
    const first = await runCli(["-p", "IMPORTANT-WORK", "--cwd", box.project, "--output-format", "json"], {
      env,
    });
    const firstId = JSON.parse(first.stdout).session_id;
    // An interactive session started and left at once: its transcript exists, empty, and is newer.
    const empty = await runCli(["--cwd", box.project], { env, input: "/exit\n" });
    expect(empty.code).toBe(0);

    const r = await runCli(["-c", "-p", "go on", "--cwd", box.project, "--output-format", "json"], { env });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ session_id: firstId, result: "went on" });
    expect(requestText(server.requests[1])).toContain("IMPORTANT-WORK");
  });

  it("an interactive -c shows the earlier conversation before its first prompt: prompt, tool call, answer", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo EARLIER-OUTPUT" }, "t1"),
      reply.text("EARLIER-ANSWER"),
      reply.text("second answer"),
    ]);
    const env = modelEnv(server, box.home);
    const args = ["--cwd", box.project, "--permission-mode", "bypassPermissions"];
    expect((await runCli(["-p", "EARLIER-PROMPT", ...args], { env })).code).toBe(0);

    const r = await runCli(["-c", ...args], { env, input: "go on\n" });
    expect(r.code).toBe(0);
    const lines = r.stdout.split("\n");
    const order = [
      "── earlier in this session ──",
      "› EARLIER-PROMPT",
      "✓ bash echo EARLIER-OUTPUT → EARLIER-OUTPUT",
      "EARLIER-ANSWER",
      "──",
      "› go on",
      "second answer",
    ].map((line) => lines.indexOf(line));
    expect(order).not.toContain(-1);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it("an interactive -c shows an earlier answer's Markdown rendered, as it was shown live", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("**Earlier** answer."), reply.text("second answer")]);
    const env = modelEnv(server, box.home);
    const args = ["--cwd", box.project];
    expect((await runCli(["-p", "EARLIER-PROMPT", ...args], { env })).code).toBe(0);

    const r = await runCli(["-c", ...args], { env, input: "go on\n" });
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n")).toContain("Earlier answer.");
    expect(r.stdout).not.toContain("**Earlier**");
  });

  it("a SIGKILLed session whose transcript ends in a cut line resumes from its last complete line and says what it skipped", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("bash", { command: "echo BEFORE-KILL" }, "t1"),
      reply.hang("thinking"),
      reply.text("resumed fine"),
    ]);
    const env = modelEnv(server, box.home);
    const cli = startCli(
      ["-p", "KILLED-PROMPT", "--permission-mode", "bypassPermissions", "--cwd", box.project],
      { env },
    );
    // The second request hangs: by then the tool's result is in the transcript.
    await waitFor(() => server.requests.length >= 2, 20_000, "the hang");
    const id = path.basename(transcriptOf(box.home), ".jsonl");
    cli.child.kill("SIGKILL");
    await cli.done;
    // A crash in the middle of writing a line.
    const transcript = transcriptOf(box.home);
    fs.appendFileSync(transcript, '{"type":"assistant","message":{"role":"assi');

    const r = await runCli(
      ["-r", id, "-p", "again", "--permission-mode", "bypassPermissions", "--cwd", box.project],
      {
        env,
      },
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("resumed fine\n");
    expect(r.stderr).toMatch(
      /resuming .*: line \d+: cut off \(the session ended while writing it\); skipped/,
    );
    const request = requestText(server.requests[2]);
    expect(request).toContain("KILLED-PROMPT");
    expect(request).toContain("BEFORE-KILL");
    // New lines start on a line of their own.
    const lines = fs.readFileSync(transcript, "utf8").split("\n");
    expect(lines.filter((l) => l.startsWith('{"type":"assistant","message":{"role":"assi"'))).toHaveLength(0);
    expect(lines.some((l) => l === '{"type":"assistant","message":{"role":"assi')).toBe(true);
  });

  it("-r with an unknown id, and -c in a project without sessions, are one clear line", async () => {
    const box = sandbox();
    const server = await modelServer([]);
    const env = modelEnv(server, box.home);
    const unknown = await runCli(
      ["-r", "6f1c2b9e-0000-4000-8000-000000000000", "-p", "x", "--cwd", box.project],
      {
        env,
      },
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(
      /^codebot: session: no session 6f1c2b9e-0000-4000-8000-000000000000 in this project/,
    );
    const none = await runCli(["-c", "-p", "x", "--cwd", box.project], { env });
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/^codebot: no earlier session of this project/);
    const notAnId = await runCli(["-r", "../../etc/passwd", "-p", "x", "--cwd", box.project], { env });
    expect(notAnId.code).toBe(1);
    expect(notAnId.stderr).toMatch(/is not a session id/);
    expect(server.requests).toHaveLength(0);
  });

  it("-r without an id outside a terminal lists the project's sessions", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("one")]);
    const env = modelEnv(server, box.home);
    await runCli(["-p", "LISTED-PROMPT", "--cwd", box.project], { env });
    const r = await runCli(["-r", "-p", "x", "--cwd", box.project], { env });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/--resume needs a session id here/);
    expect(r.stderr).toMatch(/[0-9a-f-]{36} {2}\d{4}-\d\d-\d\d \d\d:\d\d {2}LISTED-PROMPT/);
  });

  it("-r's list shows a pasted first prompt harmless: escape sequences and BEL dropped, a right-to-left override written out", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("one")]);
    const env = modelEnv(server, box.home);
    // A pasted prompt: an OSC 52 clipboard write, a clear-screen, a BEL and a right-to-left override.
    const prompt = "fix \x1b]52;c;cm0gLXJmIH4=\x07this\x1b[2J\x1b[H bug\x07 now\u202e";
    await runCli(["-p", prompt, "--cwd", box.project], { env });
    const r = await runCli(["-r", "-p", "x", "--cwd", box.project], { env });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/[0-9a-f-]{36} {2}\d{4}-\d\d-\d\d \d\d:\d\d {2}fix this bug now\\u202e$/m);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: no control character may reach the terminal
    expect(r.stderr).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f\u202e]/);
  });

  it("-r of a session another codebot is still running fails at once, naming its pid, and writes nothing; once that run ends it resumes", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("task_create", { subject: "A", description: "" }, "a"),
      reply.text("run 0"),
      reply.toolCall("bash", { command: "sleep 3" }, "s"),
      reply.toolCall("task_create", { subject: "P1", description: "" }, "p1"),
      reply.text("run 1"),
      reply.text("run 3"),
    ]);
    const env = modelEnv(server, box.home);
    const args = ["--cwd", box.project, "--permission-mode", "bypassPermissions"];
    expect((await runCli(["-p", "start", ...args], { env })).code).toBe(0);
    const transcript = transcriptOf(box.home);
    const id = path.basename(transcript, ".jsonl");
    const tasksFile = transcript.replace(/\.jsonl$/, ".tasks.json");

    const p1 = startCli(["-r", id, "-p", "P1-PROMPT", ...args], { env });
    await waitFor(() => server.requests.length >= 3, 20_000, "P1 running its sleep");
    const tasksBefore = fs.readFileSync(tasksFile, "utf8");
    const p2 = await runCli(["-r", id, "-p", "P2-PROMPT", ...args], { env });
    expect(p2.code).toBe(1);
    expect(p2.stderr).toBe(
      `codebot: session: ${id} is in use by codebot process ${p1.child.pid}; let that run end (or stop it) and resume again — if ${p1.child.pid} is no codebot, remove ${transcript.replace(/\.jsonl$/, ".lock")}\n`,
    );
    expect(server.requests).toHaveLength(3);
    expect(fs.readFileSync(tasksFile, "utf8")).toBe(tasksBefore);

    expect((await p1.done).code).toBe(0);
    expect(fs.readFileSync(transcript, "utf8")).not.toContain("P2-PROMPT");
    expect(
      JSON.parse(fs.readFileSync(tasksFile, "utf8")).tasks.map((t: { subject: string }) => t.subject),
    ).toEqual(["A", "P1"]);
    // P1 let go of the session when it ended.
    const p3 = await runCli(["-r", id, "-p", "P3-PROMPT", ...args], { env });
    expect(p3.code).toBe(0);
    expect(fs.readdirSync(path.dirname(transcript)).filter((f) => f.endsWith(".lock"))).toEqual([]);
  });

  it("-c with a tasks file cut in half: one notice on stderr, the file kept as .bad, the new list written beside it", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("task_create", { subject: "A", description: "" }, "a"),
      reply.toolCall("task_create", { subject: "B", description: "" }, "b"),
      reply.text("planned"),
      reply.toolCall("task_create", { subject: "C", description: "" }, "c"),
      reply.text("added"),
    ]);
    const env = modelEnv(server, box.home);
    const args = ["--cwd", box.project, "--permission-mode", "bypassPermissions"];
    expect((await runCli(["-p", "plan", ...args], { env })).code).toBe(0);
    const tasksFile = transcriptOf(box.home).replace(/\.jsonl$/, ".tasks.json");
    const whole = fs.readFileSync(tasksFile, "utf8");
    const cut = whole.slice(0, whole.length / 2);
    fs.writeFileSync(tasksFile, cut);

    const r = await runCli(["-c", "-p", "add C", ...args], { env });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      `codebot: tasks file ${tasksFile} is damaged (not JSON: ${jsonErrorOf(cut)}); kept as ${tasksFile}.bad, starting a new list\n`,
    );
    expect(fs.readFileSync(`${tasksFile}.bad`, "utf8")).toBe(cut);
    expect(
      JSON.parse(fs.readFileSync(tasksFile, "utf8")).tasks.map((t: { subject: string }) => t.subject),
    ).toEqual(["C"]);
  });

  it("-r of a session whose transcript is a directory or a FIFO: one line naming the file and what it is, exit 1, nothing written", async () => {
    const box = sandbox();
    const server = await modelServer([]);
    const env = modelEnv(server, box.home);
    const id = "6f1c2b9e-0000-4000-8000-000000000001";
    const dir = path.join(box.home, "projects", projectSlug(box.project));
    const transcript = path.join(dir, `${id}.jsonl`);
    for (const [make, kind] of [
      [() => fs.mkdirSync(transcript, { recursive: true }), "a directory"],
      [() => execFileSync("mkfifo", [transcript]), "a named pipe"],
    ] as const) {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(dir, { recursive: true });
      make();
      const before = treeOf(box.home);
      const r = await runCli(["-r", id, "-p", "x", "--cwd", box.project], { env, timeoutMs: 20_000 });
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(
        `codebot: session: cannot resume ${id}: its transcript ${transcript} is not a regular file (${kind}); nothing was changed\n`,
      );
      expect(treeOf(box.home)).toEqual(before);
    }
    expect(server.requests).toHaveLength(0);
  });

  it("a transcript in the sessions folder that cannot be read (a symlink loop) is passed over: -c goes on with the readable one, -r lists it", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("first"), reply.text("went on")]);
    const env = modelEnv(server, box.home);
    const args = ["--cwd", box.project, "--output-format", "json"];
    const firstId = JSON.parse((await runCli(["-p", "READABLE-PROMPT", ...args], { env })).stdout).session_id;
    const dir = path.dirname(transcriptOf(box.home));
    fs.symlinkSync("loop.jsonl", path.join(dir, "6f1c2b9e-0000-4000-8000-000000000002.jsonl"));
    fs.symlinkSync("6f1c2b9e-0000-4000-8000-000000000002.jsonl", path.join(dir, "loop.jsonl"));

    const listed = await runCli(["-r", "-p", "x", "--cwd", box.project], { env });
    expect(listed.stderr).toMatch(/--resume needs a session id here/);
    expect(listed.stderr).toMatch(new RegExp(`${firstId} .*READABLE-PROMPT`));
    const went = await runCli(["-c", "-p", "go on", ...args], { env });
    expect(went.code).toBe(0);
    expect(JSON.parse(went.stdout)).toMatchObject({ session_id: firstId, result: "went on" });
  });
});

function jsonErrorOf(text: string): string {
  try {
    JSON.parse(text);
    return "";
  } catch (error) {
    return (error as Error).message;
  }
}

/** Every entry under `root` with its mode and size, and a file's modification time (the session's lock comes and goes in its folder). */
function treeOf(root: string): string[] {
  return fs
    .readdirSync(root, { recursive: true, encoding: "utf8" })
    .sort()
    .map((rel) => {
      const stat = fs.lstatSync(path.join(root, rel));
      return `${rel} ${stat.mode} ${stat.size} ${stat.isFile() ? stat.mtimeMs : ""}`;
    });
}
