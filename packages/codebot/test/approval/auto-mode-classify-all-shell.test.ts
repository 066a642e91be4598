/**
 * Claude Code's `autoMode.classifyAllShell`: in auto mode, no allow rule lets a shell line run
 * unjudged — each goes to the classifier (claude 2.1.328's schema: "every Bash/PowerShell allow
 * rule is suspended while auto mode is active"). Read from the files `autoMode` is read from.
 */
import fs from "node:fs";
import path from "node:path";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { autoSession, WRITER } from "../support/auto-mode-session.js";

const ALLOW_NODE = { permissions: { allow: ["Bash(node:*)"] } };

describe("autoMode.classifyAllShell", () => {
  it("true in your user settings: a shell line an allow rule covers goes to the classifier, whose block refuses it", async () => {
    const { s, server, decisions } = await autoSession(
      [
        reply.toolCalls(toolCall("bash", { command: WRITER }, "c1")),
        reply.text("<block>yes</block><reason>writes a file through node</reason>"),
        reply.text("done"),
      ],
      { user: { ...ALLOW_NODE, autoMode: { classifyAllShell: true } } },
    );
    await s.runtime.prompt("go");
    expect(server.requests).toHaveLength(3);
    expect(decisions.map((d) => d.decision.notRun)).toEqual(["automode-blocked"]);
    expect(fs.existsSync(path.join(s.project, "ran.txt"))).toBe(false);
  });

  it("in --settings, as in your user settings; false in another file does not undo it", async () => {
    const { s, server } = await autoSession(
      [
        reply.toolCalls(toolCall("bash", { command: WRITER }, "c1")),
        reply.text("<block>no</block>"),
        reply.text("done"),
      ],
      {
        user: { ...ALLOW_NODE, autoMode: { classifyAllShell: false } },
        cli: [{ autoMode: { classifyAllShell: true } }],
      },
    );
    await s.runtime.prompt("go");
    expect(server.requests).toHaveLength(3);
    expect(fs.readFileSync(path.join(s.project, "ran.txt"), "utf8")).toBe("x");
  });
});
