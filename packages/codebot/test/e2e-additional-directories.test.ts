/**
 * `permissions.additionalDirectories`: the file tools reach those folders as claude 2.1.328's do
 * (checked: its Read of a file there ran unasked in `-p`; without the setting it was refused);
 * from a project's files only once trusted, since a repository must not widen its own reach.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { scratchDir, startSession, toolResultFor } from "./support/e2e.js";

function extraFolder(): string {
  const extra = scratchDir("codebot-extra-");
  fs.writeFileSync(path.join(extra, "x.txt"), "from extra\n");
  return extra;
}

const readExtra = (extra: string) => [
  reply.toolCall("read", { file_path: path.join(extra, "x.txt") }, "r1"),
  reply.text("done"),
];

describe("permissions.additionalDirectories", () => {
  it("from your settings, read reaches a file there without asking", async () => {
    const extra = extraFolder();
    const s = await startSession({
      user: { permissions: { additionalDirectories: [extra] } },
      runtime: { permissionMode: "ask" },
      script: readExtra(extra),
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "r1")).toEqual({ text: "     1\tfrom extra", isError: false });
  });

  it("a bash line that only reads a file there runs unasked, and a cd there stays, as in claude", async () => {
    const extra = extraFolder();
    const s = await startSession({
      user: { permissions: { additionalDirectories: [extra] } },
      runtime: { permissionMode: "ask" },
      script: [
        reply.toolCall("bash", { command: `cat ${path.join(extra, "x.txt")}` }, "b1"),
        reply.toolCall("bash", { command: `cd ${extra}` }, "b2"),
        reply.toolCall("bash", { command: "pwd" }, "b3"),
        reply.text("done"),
      ],
    });
    await s.runtime.prompt("go");
    expect(toolResultFor(s.model, "b1")).toEqual({ text: "from extra", isError: false });
    expect(toolResultFor(s.model, "b3")).toEqual({ text: extra, isError: false });
  });

  it("from a project's settings, it counts only once trusted", async () => {
    const extra = extraFolder();
    const project = { permissions: { additionalDirectories: [extra] } };
    const untrusted = await startSession({
      project,
      runtime: { permissionMode: "ask" },
      script: readExtra(extra),
    });
    await untrusted.runtime.prompt("go");
    expect(toolResultFor(untrusted.model, "r1")?.text).toMatch(/is outside the project directory/);
    const trusted = await startSession({
      project,
      runtime: { permissionMode: "ask", trustProjectHooks: true },
      script: readExtra(extra),
    });
    await trusted.runtime.prompt("go");
    expect(toolResultFor(trusted.model, "r1")).toEqual({ text: "     1\tfrom extra", isError: false });
  });
});
