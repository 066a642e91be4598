/**
 * `auto` mode's classifier (auto-mode-classifier.ts), against a real provider on the loopback
 * server: the main agent's requests and the classifier's come in order from one script (the
 * classifier is asked while the call waits for its verdict).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { approvingOnce, autoSession, resultSent, WRITER } from "../support/auto-mode-session.js";
import { command } from "../support/e2e.js";

describe("auto mode's classifier", () => {
  it("is asked about a call that would be asked about, by the session's model without tools, and its allow runs it", async () => {
    const { s, server, decisions } = await autoSession([
      reply.toolCalls(toolCall("bash", { command: WRITER }, "c1")),
      reply.text("<block>no</block>"),
      reply.text("done"),
    ]);
    await s.runtime.prompt("write ran.txt with node");
    expect(fs.readFileSync(path.join(s.project, "ran.txt"), "utf8")).toBe("x");
    const asked = server.requests[1]?.body;
    expect(asked.model).toBe("claude-test");
    expect(asked.tools).toBeUndefined();
    expect(JSON.stringify(asked.system)).toContain("security monitor");
    const transcript = asked.messages[0].content[0].text as string;
    expect(transcript).toContain('{"user":"write ran.txt with node"}');
    expect(transcript).toContain(`{"bash":{"command":${JSON.stringify(WRITER)}}}\n</transcript>`);
    expect(decisions).toContainEqual({
      id: "c1",
      decision: { decision: "accept", source: "config", reason_type: "classifier" },
    });
  });

  it("refuses a call it blocks, giving the model its reason and the PermissionDenied hooks the reason alone", async () => {
    const { s, server, decisions } = await autoSession(
      [
        reply.toolCalls(toolCall("bash", { command: WRITER }, "c1")),
        reply.text("<block>yes</block><reason>writes a file through node</reason>"),
        reply.text("done"),
      ],
      // A group (matcher and hooks) is a Claude Code entry: it gets claude's payload, permission_mode among it.
      { user: { hooks: { PermissionDenied: [{ matcher: "Bash", hooks: [command("cat > denied.json")] }] } } },
    );
    await s.runtime.prompt("go");
    await s.runtime.close();
    expect(fs.existsSync(path.join(s.project, "ran.txt"))).toBe(false);
    expect(resultSent(server.requests[2])).toContain(
      "permission denied by the auto mode classifier: writes a file through node",
    );
    expect(JSON.parse(fs.readFileSync(path.join(s.project, "denied.json"), "utf8"))).toMatchObject({
      permission_mode: "auto",
      reason: "writes a file through node",
    });
    expect(decisions).toContainEqual({
      id: "c1",
      decision: {
        decision: "reject",
        source: "config",
        reason_type: "classifier",
        notRun: "automode-blocked",
      },
    });
  });

  it("with an answer that has no verdict, refuses the call when nobody can be asked", async () => {
    const { s, server, decisions } = await autoSession([
      reply.toolCalls(toolCall("bash", { command: WRITER }, "c1")),
      reply.text("Looks fine to me."),
      reply.text("done"),
    ]);
    await s.runtime.prompt("go");
    expect(fs.existsSync(path.join(s.project, "ran.txt"))).toBe(false);
    expect(resultSent(server.requests[2])).toContain("the auto mode classifier gave no verdict");
    expect(decisions.at(-1)?.decision.notRun).toBe("automode-parsing-error");
  });

  it("failing with HTTP 500 (tried twice), refuses the call when nobody can be asked", async () => {
    const { s, server, decisions } = await autoSession([
      reply.toolCalls(toolCall("bash", { command: WRITER }, "c1")),
      reply.httpError(500, { message: "boom" }),
      reply.httpError(500, { message: "boom" }),
      reply.text("done"),
    ]);
    await s.runtime.prompt("go");
    expect(fs.existsSync(path.join(s.project, "ran.txt"))).toBe(false);
    expect(server.requests).toHaveLength(4);
    expect(resultSent(server.requests[3])).toContain("the auto mode classifier gave no verdict");
    expect(decisions.at(-1)?.decision.notRun).toBe("automode-unavailable");
  });

  it("failing with an error a whole page long, tells the model a short line of it", async () => {
    // A proxy's error page, minified onto one line, with an escape sequence in it.
    const page = `<html>\x1b[2J${"<div>bad gateway</div>".repeat(10_000)}</html>`;
    const { s, server } = await autoSession([
      reply.toolCalls(toolCall("bash", { command: WRITER }, "c1")),
      reply.httpError(400, { message: page }),
      reply.text("done"),
    ]);
    await s.runtime.prompt("go");
    expect(fs.existsSync(path.join(s.project, "ran.txt"))).toBe(false);
    const sent = resultSent(server.requests[2]);
    expect(sent).toContain("the auto mode classifier gave no verdict");
    expect(sent.length).toBeLessThan(1_000);
    // JSON writes the escape character as \u001b; shown, it is the four characters \x1b.
    expect(sent).not.toContain("\\u001b");
    expect(sent).toContain("\\\\x1b[2J");
  });

  it("giving no answer within CODEBOT_AUTO_MODE_TIMEOUT_MS, refuses the call", async () => {
    const { s, server } = await autoSession(
      // The classifier's request is held open: its answer never comes.
      [
        reply.toolCalls(toolCall("bash", { command: WRITER }, "c1")),
        () => new Promise<never>(() => {}),
        reply.text("done"),
      ],
      { env: { CODEBOT_AUTO_MODE_TIMEOUT_MS: "500" } },
    );
    await s.runtime.prompt("go");
    expect(fs.existsSync(path.join(s.project, "ran.txt"))).toBe(false);
    expect(resultSent(server.requests[2])).toContain("no answer within 500 ms");
  });

  it("with no verdict in an interactive session, puts the question to the user instead (and says why)", async () => {
    const asked: string[] = [];
    const { s } = await autoSession(
      [
        reply.toolCalls(toolCall("bash", { command: WRITER }, "c1")),
        reply.text("garbage"),
        reply.text("done"),
      ],
      {
        runtime: approvingOnce(asked),
      },
    );
    await s.runtime.prompt("go");
    expect(asked).toEqual(["bash"]);
    expect(fs.readFileSync(path.join(s.project, "ran.txt"), "utf8")).toBe("x");
    expect(s.notices).toContainEqual(expect.stringContaining("the auto mode classifier gave no verdict"));
  });

  it("is not asked about what a rule allows or denies, an edit in the project, or a line that only reads", async () => {
    const { s, server } = await autoSession(
      [
        reply.toolCalls(
          toolCall("bash", { command: "node -e \"require('fs').writeFileSync('allowed.txt', 'x')\"" }, "c1"),
          toolCall("bash", { command: "rm -rf build" }, "c2"),
          toolCall("write", { file_path: "in.txt", content: "x" }, "c3"),
          toolCall("bash", { command: "ls" }, "c4"),
        ),
        reply.text("done"),
      ],
      { user: { permissions: { allow: ["Bash(node:*)"], deny: ["Bash(rm:*)"] } } },
    );
    await s.runtime.prompt("go");
    expect(server.requests).toHaveLength(2);
    expect(fs.existsSync(path.join(s.project, "allowed.txt"))).toBe(true);
    expect(fs.existsSync(path.join(s.project, "in.txt"))).toBe(true);
  });

  it("is asked about an edit outside the project (a folder added to it), which acceptEdits would run", async () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), "codebot-outside-"));
    const { s, server } = await autoSession(
      [
        reply.toolCalls(toolCall("write", { file_path: path.join(outside, "o.txt"), content: "x" }, "c1")),
        reply.text("<block>yes</block><reason>writes outside the project</reason>"),
        reply.text("done"),
      ],
      { user: { permissions: { additionalDirectories: [outside] } } },
    );
    await s.runtime.prompt("go");
    expect(server.requests).toHaveLength(3);
    expect(fs.existsSync(path.join(outside, "o.txt"))).toBe(false);
  });

  it("decides before the PermissionRequest hooks, which do not fire (claude 2.1.328 -p fired none, recorded)", async () => {
    const { s } = await autoSession(
      [
        reply.toolCalls(toolCall("bash", { command: WRITER }, "c1")),
        reply.text("<block>no</block>"),
        reply.text("done"),
      ],
      { user: { hooks: { PermissionRequest: [command("touch requested")] } } },
    );
    await s.runtime.prompt("go");
    await s.runtime.close();
    expect(fs.existsSync(path.join(s.project, "ran.txt"))).toBe(true);
    expect(fs.existsSync(path.join(s.project, "requested"))).toBe(false);
  });
});
