/**
 * A transcript line a crash cut off is reported by the resume that finds it, once: the line stays
 * in the file as it was (the user can look at it there), and later resumes skip it without a word.
 * claude 2.1.328 skips such a line silently on every resume and leaves it in the file (recorded).
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const TORN = '{"type":"user","message":{"role":"us';

describe("a torn last transcript line", () => {
  it("is reported by the next resume only, and its bytes stay in the file", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("first"), reply.text("second"), reply.text("third")]);
    const env = modelEnv(server, box.home);
    const id = randomUUID();
    const args = ["--cwd", box.project];
    expect((await runCli(["-p", "remember kiwi", "--session-id", id, ...args], { env })).code).toBe(0);
    const projects = path.join(box.home, "projects");
    const file = path.join(projects, fs.readdirSync(projects)[0] as string, `${id}.jsonl`);
    fs.appendFileSync(file, TORN);
    const cutLine = fs.readFileSync(file, "utf8").split("\n").length;

    const once = await runCli(["-p", "which word?", "-c", ...args], { env });
    expect(once.code, once.stderr).toBe(0);
    expect(once.stderr).toContain(`line ${cutLine}: cut off (the session ended while writing it); skipped`);
    expect(once.stderr).toContain(`the unread line(s) stay in ${file} as they were`);

    const again = await runCli(["-p", "and now?", "-c", ...args], { env });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).not.toContain("cut off");
    expect(fs.readFileSync(file, "utf8").split("\n")[cutLine - 1]).toBe(TORN);
    expect(requestText(server.requests[2])).toContain("which word?");
  });
});
