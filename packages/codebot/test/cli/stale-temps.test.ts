/**
 * A codebot killed between writing a temporary file and renaming it over its target (trust
 * store, task list, prompt history, a file the write or edit tool changes) leaves
 * `.<file>.codebot-<pid>-<random>.tmp` behind (an older codebot: `.<file>.<pid>.<random>.tmp`);
 * the next start, or the next write of that file, removes those that are left over, and never
 * one another codebot is still writing.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { projectSlug } from "../../src/paths/project-slug.js";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** A pid that ran and has ended. */
function deadPid(): number {
  const pid = spawnSync("true").pid;
  if (pid === undefined) throw new Error("no pid");
  return pid;
}

function plant(dir: string, name: string, ageMs: number): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  fs.writeFileSync(file, "{");
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(file, when, when);
  return name;
}

describe("temporary files left by a codebot killed mid-write", () => {
  it("the next start removes those older than a minute or of a dead pid, beside the transcripts and in the trust folder; a live writer's and other files stay", async () => {
    const box = sandbox();
    const sessions = path.join(box.home, "projects", projectSlug(box.project));
    const trust = path.join(box.home, "trust");
    const dead = deadPid();
    const live = process.pid;
    const planted = (dir: string) => ({
      deadWriter: plant(dir, `.a.tasks.json.codebot-${dead}-k3j4h5g6.tmp`, 20_000),
      olderCodebot: plant(dir, `.d.tasks.json.${dead}.p0o9i8u7.tmp`, 20_000),
      oldLiveWriter: plant(dir, `.prompt-history.jsonl.${live}.a1b2c3d4.tmp`, 5 * 60_000),
      liveWriter: plant(dir, `.b.json.${live}.z9y8x7w6.tmp`, 0),
      // Just written, by a pid unknown here: maybe another container's codebot mid-write.
      freshDeadWriter: plant(dir, `.c.json.${dead}.q1w2e3r4.tmp`, 0),
      notOurs: plant(dir, "notes.tmp", 5 * 60_000),
    });
    const inSessions = planted(sessions);
    const inTrust = planted(trust);
    const server = await modelServer([reply.text("done")]);

    const r = await runCli(["-p", "hi", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(r.code).toBe(0);
    for (const [dir, names] of [
      [sessions, inSessions],
      [trust, inTrust],
    ] as const) {
      const left = fs.readdirSync(dir);
      expect(left).not.toContain(names.deadWriter);
      expect(left).not.toContain(names.olderCodebot);
      expect(left).not.toContain(names.oldLiveWriter);
      expect(left).toEqual(expect.arrayContaining([names.liveWriter, names.freshDeadWriter, names.notOurs]));
    }
  });

  it("the write tool's next write of a file removes what a killed write of it left in the project; a live writer's, a fresh one of a dead pid, and other files' stay", async () => {
    const box = sandbox();
    const dir = box.at("src");
    const dead = deadPid();
    const live = process.pid;
    const deadWriter = plant(dir, `.app.ts.codebot-${dead}-k3j4h5g6.tmp`, 20_000);
    const olderCodebot = plant(dir, `.app.ts.${dead}.a1b2c3d4.tmp`, 5 * 60_000);
    const liveWriter = plant(dir, `.app.ts.codebot-${live}-z9y8x7w6.tmp`, 0);
    const freshDeadWriter = plant(dir, `.app.ts.codebot-${dead}-q1w2e3r4.tmp`, 0);
    const otherFile = plant(dir, `.util.ts.codebot-${dead}-m5n6b7v8.tmp`, 5 * 60_000);
    const server = await modelServer([
      reply.toolCall("write", { file_path: "src/app.ts", content: "export {};\n" }, "w1"),
      reply.text("done"),
    ]);

    const r = await runCli(
      ["-p", "write it", "--permission-mode", "bypassPermissions", "--cwd", box.project],
      {
        env: modelEnv(server, box.home),
      },
    );
    expect(r.code).toBe(0);
    expect(fs.readFileSync(box.at("src/app.ts"), "utf8")).toBe("export {};\n");
    const left = fs.readdirSync(dir);
    expect(left).not.toContain(deadWriter);
    expect(left).not.toContain(olderCodebot);
    expect(left.sort()).toEqual(["app.ts", liveWriter, freshDeadWriter, otherFile].sort());
  });
});
