/**
 * `--fork-session` (Claude Code's flag, as claude 2.1.328 does it): with `-c`/`-r`, the run goes on
 * in a copy of the session under a new id; the session it came from is left as it was.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const FIRST = "0f1e2d3c-4b5a-4697-8877-665544332211";
const FORK = "1a2b3c4d-5e6f-4a0b-8c1d-2e3f4a5b6c7d";

function transcriptOf(home: string, id: string): string {
  const projects = path.join(home, "projects");
  return path.join(projects, fs.readdirSync(projects)[0] as string, `${id}.jsonl`);
}

describe("--fork-session", () => {
  it("goes on in a copy under a new id: the model sees the history, the original transcript is unchanged", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("first answer"), reply.text("forked answer")]);
    const env = modelEnv(server, box.home);
    const args = ["--output-format", "json", "--cwd", box.project];
    await runCli(["-p", "remember the word kiwi", "--session-id", FIRST, ...args], { env });
    const original = fs.readFileSync(transcriptOf(box.home, FIRST), "utf8");

    const r = await runCli(["-p", "which word?", "-r", FIRST, "--fork-session", ...args], { env });
    expect(r.code, r.stderr).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(result).toMatchObject({ result: "forked answer" });
    expect(result.session_id).not.toBe(FIRST);
    expect(requestText(server.requests[1])).toContain("remember the word kiwi");
    expect(fs.readFileSync(transcriptOf(box.home, FIRST), "utf8")).toBe(original);
    const forked = fs.readFileSync(transcriptOf(box.home, result.session_id), "utf8");
    expect(forked).toContain("remember the word kiwi");
    expect(forked).toContain("forked answer");
    // Under the new id; the original's id is only where a message came from (forkedFrom).
    for (const line of forked.trim().split("\n")) {
      const record = JSON.parse(line);
      expect(JSON.stringify({ ...record, forkedFrom: undefined })).not.toContain(FIRST);
    }
  });

  it("a later -r of the fork has the whole conversation, the original's and the fork's", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("one"), reply.text("two"), reply.text("three")]);
    const env = modelEnv(server, box.home);
    const args = ["--output-format", "json", "--cwd", box.project];
    await runCli(["-p", "first prompt", "--session-id", FIRST, ...args], { env });
    await runCli(["-p", "second prompt", "-c", "--fork-session", "--session-id", FORK, ...args], { env });
    const r = await runCli(["-p", "third prompt", "-r", FORK, ...args], { env });
    expect(JSON.parse(r.stdout)).toMatchObject({ session_id: FORK, result: "three" });
    const sent = requestText(server.requests[2]);
    expect(sent).toContain("first prompt");
    expect(sent).toContain("second prompt");
  });

  it("the fork's task list starts as a copy of the original's", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("task_create", { subject: "write the docs", description: "all of them" }),
      reply.text("made"),
      reply.text("forked"),
    ]);
    const env = modelEnv(server, box.home);
    const args = ["--output-format", "json", "--cwd", box.project];
    await runCli(["-p", "plan", "--session-id", FIRST, ...args], { env });
    await runCli(["-p", "go", "-r", FIRST, "--fork-session", "--session-id", FORK, ...args], { env });
    const dir = path.dirname(transcriptOf(box.home, FIRST));
    const tasks = JSON.parse(fs.readFileSync(path.join(dir, `${FORK}.tasks.json`), "utf8"));
    expect(tasks.tasks.map((t: { subject: string }) => t.subject)).toEqual(["write the docs"]);
  });

  it("in an interactive session too: the recap shows the history, the prompts go to the copy", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("EARLIER-ANSWER"), reply.text("forked answer")]);
    const env = modelEnv(server, box.home);
    await runCli(["-p", "EARLIER-PROMPT", "--session-id", FIRST, "--cwd", box.project], { env });
    const original = fs.readFileSync(transcriptOf(box.home, FIRST), "utf8");
    const r = await runCli(["-c", "--fork-session", "--session-id", FORK, "--cwd", box.project], {
      env,
      input: "go on\n",
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("EARLIER-ANSWER");
    expect(r.stdout).toContain("forked answer");
    expect(fs.readFileSync(transcriptOf(box.home, FIRST), "utf8")).toBe(original);
    expect(fs.readFileSync(transcriptOf(box.home, FORK), "utf8")).toContain("go on");
  });

  it("an interactive session says it is a fork, of which session, under which id", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("EARLIER-ANSWER")]);
    const env = modelEnv(server, box.home);
    await runCli(["-p", "EARLIER-PROMPT", "--session-id", FIRST, "--cwd", box.project], { env });
    const r = await runCli(["-c", "--fork-session", "--session-id", FORK, "--cwd", box.project], {
      env,
      input: "/exit\n",
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /EARLIER-ANSWER\n──\nforked from session 0f1e2d3c into a new session, 1a2b3c4d: what you send goes there; the other stays as it was\n/,
    );
  });

  it("/resume marks the fork with the session it came from; the original is listed as it was", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("first"), reply.text("forked")]);
    const env = modelEnv(server, box.home);
    await runCli(["-p", "explain delta", "--session-id", FIRST, "--cwd", box.project], { env });
    await runCli(["-p", "go on", "-r", FIRST, "--fork-session", "--session-id", FORK, "--cwd", box.project], {
      env,
    });
    const r = await runCli(["--cwd", box.project], { env, input: "/resume\n/exit\n" });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      new RegExp(`^ {3}1 {2}${FORK} .* {2}explain delta \\(fork of 0f1e2d3c\\)$`, "m"),
    );
    expect(r.stdout).toMatch(new RegExp(`^ {3}2 {2}${FIRST} .* {2}explain delta$`, "m"));
  });

  it("--session-id with -r needs --fork-session, and nothing runs without it", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("first")]);
    const env = modelEnv(server, box.home);
    await runCli(["-p", "go", "--session-id", FIRST, "--cwd", box.project], { env });
    const r = await runCli(["-p", "again", "-r", FIRST, "--session-id", FORK, "--cwd", box.project], { env });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      "codebot: --session-id with -c/--continue or -r/--resume also needs --fork-session\n",
    );
    expect(server.requests).toHaveLength(1);
  });

  it("without -c or -r it changes nothing: a new session starts, as in claude", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("fresh")]);
    const r = await runCli(["-p", "go", "--fork-session", "--output-format", "json", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ result: "fresh" });
  });

  it("a transcript cut off mid-line forks whole: the cut line is reported and skipped, the fork's own lines stay readable", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.text("first answer"),
      reply.text("forked answer"),
      reply.text("third"),
    ]);
    const env = modelEnv(server, box.home);
    const args = ["--output-format", "json", "--cwd", box.project];
    await runCli(["-p", "remember kiwi", "--session-id", FIRST, ...args], { env });
    fs.appendFileSync(transcriptOf(box.home, FIRST), '{"type":"user","message":{"role":"us');
    const original = fs.readFileSync(transcriptOf(box.home, FIRST), "utf8");
    const cutLine = original.split("\n").length;
    const r = await runCli(
      ["-p", "which word?", "-r", FIRST, "--fork-session", "--session-id", FORK, ...args],
      {
        env,
      },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`line ${cutLine}: cut off (the session ended while writing it); skipped`);
    expect(fs.readFileSync(transcriptOf(box.home, FIRST), "utf8")).toBe(original);
    await runCli(["-p", "again", "-r", FORK, ...args], { env });
    const sent = requestText(server.requests[2]);
    expect(sent).toContain("remember kiwi");
    expect(sent).toContain("which word?");
    expect(sent).toContain("forked answer");
  });

  it("a damaged task list is forked as it is: the fork says so, keeps it as .bad and starts a new list; the original's is untouched", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("first answer"), reply.text("forked answer")]);
    const env = modelEnv(server, box.home);
    const args = ["--output-format", "json", "--cwd", box.project];
    await runCli(["-p", "plan", "--session-id", FIRST, ...args], { env });
    const dir = path.dirname(transcriptOf(box.home, FIRST));
    fs.writeFileSync(path.join(dir, `${FIRST}.tasks.json`), "{ not json");
    const r = await runCli(["-p", "go", "-r", FIRST, "--fork-session", "--session-id", FORK, ...args], {
      env,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`${FORK}.tasks.json is damaged (not JSON`);
    expect(fs.readFileSync(path.join(dir, `${FORK}.tasks.json.bad`), "utf8")).toBe("{ not json");
    expect(fs.readFileSync(path.join(dir, `${FIRST}.tasks.json`), "utf8")).toBe("{ not json");
  });
});
