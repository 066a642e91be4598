/**
 * Each agent's bash keeps its own folder, as in claude 2.1.328 (recorded: after the main agent's
 * `cd src`, its Agent tool's sub-agent ran `pwd; cd /tmp && pwd` — `src`, then `/tmp` — and the
 * main agent's next `pwd` was still `src`). A sub-agent's shell starts where the main agent's is.
 */
import fs from "node:fs";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { conversations } from "./support/conversations.js";
import { command, startSession, toolResultFor } from "./support/e2e.js";

describe("a sub-agent's bash folder", () => {
  it("a sub-agent's cd leaves the main agent's shell where it was, and its own shell starts there", async () => {
    const s = await startSession({
      project: { permissions: { defaultMode: "bypassPermissions" } },
      // CwdChanged follows the main agent's shell alone (claude 2.1.328 fired none for its sub-agent's cd, recorded).
      user: { hooks: { CwdChanged: [{ hooks: [command("jq -r .new_cwd >> cwd.log")] }] } },
      script: conversations({
        "SUB-TASK": [
          reply.toolCall("bash", { command: "pwd; cd lib" }, "b-sub-cd"),
          reply.toolCall("bash", { command: "pwd" }, "b-sub-pwd"),
          reply.text("sub done"),
        ],
        go: [
          reply.toolCall("bash", { command: "cd src" }, "b-main-cd"),
          reply.toolCalls(toolCall("agent", { prompt: "SUB-TASK: move" }, "a1")),
          reply.toolCall("bash", { command: "pwd" }, "b-main-pwd"),
          reply.text("done"),
        ],
      }),
    });
    fs.mkdirSync(s.at("src"));
    fs.mkdirSync(s.at("lib"));
    fs.mkdirSync(s.at("src/lib"));
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "completed", text: "done" });
    await s.runtime.close();
    expect(toolResultFor(s.model, "b-sub-cd")?.text).toBe(s.at("src"));
    expect(toolResultFor(s.model, "b-sub-pwd")?.text).toBe(s.at("src/lib"));
    expect(toolResultFor(s.model, "b-main-pwd")?.text).toBe(s.at("src"));
    expect(fs.readFileSync(s.at("cwd.log"), "utf8")).toBe(`${s.at("src")}\n`);
  });
});
