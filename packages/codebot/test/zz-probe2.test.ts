import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { expect, it } from "vitest";
import { scratchDir, startSession, toolResultFor } from "./support/e2e.js";

it("probe", async () => {
  const project = scratchDir("codebot-p-");
  fs.writeFileSync(path.join(project, ".env"), "SECRET=1\n");
  fs.symlinkSync(".env", path.join(project, "notes.txt"));
  fs.mkdirSync(path.join(project, "d"));
  fs.symlinkSync("..", path.join(project, "d/up"));
  const calls: [string, Record<string, unknown>][] = [
    ["write", { file_path: "notes.txt", content: "x\n" }],
    ["write", { file_path: "d/up/.env", content: "x\n" }],
    ["edit", { file_path: "notes.txt", old_string: "SECRET", new_string: "Y" }],
    ["write", { file_path: "./.ENV", content: "x\n" }],
    ["agent", { prompt: "p", description: "d" }],
  ];
  const s = await startSession({
    dirs: { project, home: scratchDir("codebot-p-home-") },
    user: { permissions: { deny: ["Read(./.env)"] } },
    runtime: { permissionMode: "bypassPermissions" },
    script: [...calls.map(([n, a], i) => reply.toolCall(n, a, `c${i}`)),
      reply.toolCall("write", { file_path: ".env", content: "sub\n" }, "s1"), reply.text("sub done"), reply.text("done")],
  });
  await s.runtime.prompt("go");
  for (let i = 0; i < calls.length; i++) console.log(calls[i]?.[0], JSON.stringify(toolResultFor(s.model, `c${i}`)));
  console.log("sub", JSON.stringify(toolResultFor(s.model, "s1")));
  console.log(fs.readFileSync(path.join(project, ".env"), "utf8"));
  expect(1).toBe(1);
});
