/**
 * `--session-id <uuid>` (Claude Code's flag): a script names the session it starts, and finds
 * its transcript or resumes it by that id.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const ID = "0f1e2d3c-4b5a-4697-8877-665544332211";

describe("--session-id", () => {
  it("is the new session's id: in the output, the transcript's name and SessionStart's payload; -r resumes it", async () => {
    const box = sandbox();
    const settings = box.json("s.json", {
      hooks: {
        SessionStart: [
          { hooks: [{ type: "command", command: "cat >> starts.jsonl; echo >> starts.jsonl" }] },
        ],
      },
    });
    const server = await modelServer([reply.text("first"), reply.text("second")]);
    const env = modelEnv(server, box.home);
    const args = ["--output-format", "json", "--settings", settings, "--cwd", box.project];
    const first = await runCli(["-p", "go", "--session-id", ID, ...args], { env });
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout).session_id).toBe(ID);
    const projects = path.join(box.home, "projects");
    const [slug] = fs.readdirSync(projects);
    expect(fs.existsSync(path.join(projects, slug as string, `${ID}.jsonl`))).toBe(true);
    const start = JSON.parse(fs.readFileSync(box.at("starts.jsonl"), "utf8").split("\n")[0] as string);
    expect(start.session_id).toBe(ID);

    const again = await runCli(["-p", "go on", "-r", ID, ...args], { env });
    expect(JSON.parse(again.stdout)).toMatchObject({ session_id: ID, result: "second" });
  });

  it("an id a session of this project already has is refused, and its transcript is left as it was", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("first")]);
    const env = modelEnv(server, box.home);
    await runCli(["-p", "go", "--session-id", ID, "--cwd", box.project], { env });
    const projects = path.join(box.home, "projects");
    const transcript = path.join(projects, fs.readdirSync(projects)[0] as string, `${ID}.jsonl`);
    const before = fs.readFileSync(transcript, "utf8");
    const r = await runCli(["-p", "again", "--session-id", ID, "--cwd", box.project], { env });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `codebot: --session-id: session ${ID} is already in use in this project (-r ${ID} resumes it)\n`,
    );
    expect(fs.readFileSync(transcript, "utf8")).toBe(before);
  });

  it("a value that is not a UUID is refused before anything runs", async () => {
    const box = sandbox();
    const r = await runCli(["-p", "go", "--session-id", "../../etc/x", "--cwd", box.project], {
      env: modelEnv(await modelServer([]), box.home),
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('codebot: --session-id: "../../etc/x" is not a valid UUID\n');
  });
});
