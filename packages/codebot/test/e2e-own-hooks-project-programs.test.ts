/**
 * A user's own hook that runs a program of the project (hook-consent.ts): in a cloned repository,
 * `./node_modules/.bin/prettier` is the repository's code. It is held until approved for the
 * project, and asked about again when the program changes.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { HookApprovalRequest } from "../src/approval/approval-types.js";
import { command, scratchDir, startSession } from "./support/e2e.js";

const formatHook = { hooks: { UserPromptSubmit: [command("./node_modules/.bin/prettier --write x")] } };

/** A project and a home, the project shipping a `prettier` that leaves `prettier-ran` behind. */
function clonedRepo(): { project: string; home: string } {
  const project = scratchDir("codebot-project-");
  fs.mkdirSync(path.join(project, "node_modules/.bin"), { recursive: true });
  writeProgram(project, "touch prettier-ran");
  return { project, home: scratchDir("codebot-home-") };
}

function writeProgram(project: string, body: string): void {
  fs.writeFileSync(path.join(project, "node_modules/.bin/prettier"), `#!/bin/sh\n${body}\n`, { mode: 0o755 });
}

describe("a user's own hook running a program of the project", () => {
  it("is held in a non-interactive session, with a notice naming the hook and the program", async () => {
    const dirs = clonedRepo();
    const s = await startSession({ dirs, user: formatHook });
    await s.runtime.prompt("hi");
    expect(fs.existsSync(s.at("prettier-ran"))).toBe(false);
    expect(s.notices).toEqual([
      'codebot: your hook "./node_modules/.bin/prettier --write x" (' +
        path.join(dirs.home, "settings.json") +
        ') was not run: it runs node_modules/.bin/prettier from this project, not approved for it yet; run "codebot hooks trust" to review it',
    ]);
  });

  it("is held when it finds the program through PATH=$PWD/…, or runs a copy it makes of it", async () => {
    for (const line of [
      "PATH=$PWD/node_modules/.bin:$PATH prettier --write x",
      'PATH="$(pwd)/node_modules/.bin:$PATH" prettier --write x',
    ]) {
      const dirs = clonedRepo();
      const s = await startSession({ dirs, user: { hooks: { UserPromptSubmit: [command(line)] } } });
      await s.runtime.prompt("hi");
      expect(fs.existsSync(s.at("prettier-ran"))).toBe(false);
      expect(s.notices.join("\n")).toContain(
        "was not run: it runs node_modules/.bin/prettier from this project",
      );
    }
    const dirs = clonedRepo();
    const copy = path.join(dirs.home, "p");
    const s = await startSession({
      dirs,
      user: { hooks: { UserPromptSubmit: [command(`cp node_modules/.bin/prettier ${copy} && sh ${copy}`)] } },
    });
    await s.runtime.prompt("hi");
    expect(fs.existsSync(s.at("prettier-ran"))).toBe(false);
    expect(s.notices.join("\n")).toContain(
      "was not run: it runs node_modules/.bin/prettier from this project",
    );
  });

  it("runs once approved for the project, and is asked about again when the program changes", async () => {
    const dirs = clonedRepo();
    const asked: HookApprovalRequest[] = [];
    const answers = ["always", "deny"] as const;
    const s = await startSession({
      dirs,
      user: formatHook,
      runtime: {
        askHookApproval: async (r) => {
          asked.push(r);
          return answers[asked.length - 1] ?? "deny";
        },
      },
    });
    await s.runtime.prompt("first");
    expect(fs.existsSync(s.at("prettier-ran"))).toBe(true);
    fs.rmSync(s.at("prettier-ran"));
    await s.runtime.prompt("second");
    expect(fs.existsSync(s.at("prettier-ran"))).toBe(true);
    expect(asked).toHaveLength(1);

    fs.rmSync(s.at("prettier-ran"));
    writeProgram(dirs.project, "touch prettier-ran; echo pulled");
    await s.runtime.prompt("after a pull");
    expect(asked.map((r) => [r.event, r.source])).toEqual([
      ["UserPromptSubmit", "user"],
      ["UserPromptSubmit", "user"],
    ]);
    expect(fs.existsSync(s.at("prettier-ran"))).toBe(false);
  });

  it("a user hook that runs no program of the project runs without asking", async () => {
    const dirs = clonedRepo();
    const s = await startSession({
      dirs,
      user: { hooks: { UserPromptSubmit: [command("touch own-ran")] } },
      runtime: { askHookApproval: async () => "deny" },
    });
    await s.runtime.prompt("hi");
    expect(fs.existsSync(s.at("own-ran"))).toBe(true);
  });
});
