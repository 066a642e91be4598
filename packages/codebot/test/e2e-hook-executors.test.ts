import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { reply, scriptedModel, toolCall } from "@codebot/agentcore/testing";
import { afterEach, describe, expect, it } from "vitest";
import { promptText, startSession, toolResultFor } from "./support/e2e.js";

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((r) => server.close(r));
});

/** A real HTTP hook endpoint on loopback that blocks every prompt and records the bodies it got. */
async function blockingEndpoint(): Promise<{
  url: string;
  hostPort: string;
  bodies: unknown[];
  headers: http.IncomingHttpHeaders[];
}> {
  const bodies: unknown[] = [];
  const headers: http.IncomingHttpHeaders[] = [];
  const server = http.createServer((req, res) => {
    headers.push(req.headers);
    let body = "";
    req.on("data", (d) => {
      body += String(d);
    });
    req.on("end", () => {
      bodies.push(JSON.parse(body));
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ block: true, reason: "http says no" }));
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, hostPort: `127.0.0.1:${port}`, bodies, headers };
}

describe("hook executors wired by the runtime", () => {
  it("a prompt hook runs on the session's current model, and follows a model switch", async () => {
    const hook = { type: "prompt", prompt: "Is this prompt fine? $ARGUMENTS", blocking: true };
    const s = await startSession({
      user: { hooks: { UserPromptSubmit: [hook] } },
      script: [reply.text('{"ok": false, "reason": "first model says no"}')],
    });
    expect(await s.runtime.prompt("hello")).toMatchObject({
      status: "blocked",
      reason: "first model says no",
    });
    expect(s.model.requests).toHaveLength(1);
    expect(s.model.requests[0]?.tools).toEqual([]);
    expect(promptText(s.model.requests[0], "user").join("")).toContain('"prompt":"hello"');

    const second = scriptedModel([reply.text('{"ok": true}'), reply.text("answer from the second model")]);
    await s.runtime.setModel(second);
    expect(await s.runtime.prompt("hello again")).toMatchObject({
      status: "completed",
      text: "answer from the second model",
    });
    expect(second.requests).toHaveLength(2);
    expect(s.model.requests).toHaveLength(1);
  });

  it("a Claude Code prompt hook that blocks a tool call ends the turn, as claude 2.1.328 does", async () => {
    const s = await startSession({
      user: {
        hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "prompt", prompt: "Safe? $ARGUMENTS" }] }] },
      },
      script: [
        reply.toolCalls(toolCall("bash", { command: "touch ran" }, "c1")),
        reply.text('{"ok": false, "reason": "not without a review"}'),
        reply.text("the model went on"),
      ],
    });
    const result = await s.runtime.prompt("go");
    expect(result.status).toBe("stopped");
    expect(result.reason).toContain("not without a review");
    expect(fs.existsSync(s.at("ran"))).toBe(false);
    expect(s.model.requests).toHaveLength(2);
  });

  it("a Claude Code prompt hook without $ARGUMENTS gets the payload after its prompt, as claude 2.1.328's", async () => {
    const condition = "Check if all tasks are complete.";
    const s = await startSession({
      user: { hooks: { Stop: [{ hooks: [{ type: "prompt", prompt: condition }] }] } },
      script: [reply.text("all done"), reply.text('{"ok": true}')],
    });
    await s.runtime.prompt("go");
    // On Stop the conversation comes first (e2e-claude-stop-prompt-conversation.test.ts); the question is last.
    const asked = promptText(s.model.requests[1], "user").at(-1) ?? "";
    expect(asked).toContain(`Condition: ${condition}\n\nARGUMENTS: {`);
    expect(JSON.parse(asked.slice(asked.indexOf("{")))).toMatchObject({
      hook_event_name: "Stop",
      last_assistant_message: "all done",
    });
  });

  it("with continueOnBlock the turn goes on and the model gets the reason", async () => {
    const hook = { type: "prompt", prompt: "Safe? $ARGUMENTS", continueOnBlock: true };
    const s = await startSession({
      user: { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [hook] }] } },
      script: [
        reply.toolCalls(toolCall("bash", { command: "touch ran" }, "c1")),
        reply.text('{"ok": false, "reason": "not without a review"}'),
        reply.text("the model went on"),
      ],
    });
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "completed", text: "the model went on" });
    expect(fs.existsSync(s.at("ran"))).toBe(false);
    expect(toolResultFor(s.model, "c1")?.text).toContain("not without a review");
  });

  it("a Claude Code exec-form hook blocks with exit 2, and one that fails blocks under onFailure block", async () => {
    const exit = (code: number, extra: Record<string, unknown> = {}) => ({
      type: "command",
      command: "sh",
      args: ["-c", `echo "refused by exit ${code}" >&2; exit ${code}`],
      ...extra,
    });
    const s = await startSession({
      user: {
        hooks: {
          PreToolUse: [
            { matcher: "Bash", hooks: [exit(2)] },
            { matcher: "Write", hooks: [exit(1, { onFailure: "block" })] },
          ],
        },
      },
      script: [
        reply.toolCalls(toolCall("bash", { command: "touch ran" }, "c1")),
        reply.toolCalls(toolCall("write", { file_path: "written.txt", content: "x" }, "c2")),
        reply.text("done"),
      ],
    });
    expect(await s.runtime.prompt("go")).toMatchObject({ status: "completed" });
    expect(fs.existsSync(s.at("ran"))).toBe(false);
    expect(fs.existsSync(s.at("written.txt"))).toBe(false);
    expect(toolResultFor(s.model, "c1")?.text).toContain("refused by exit 2");
    expect(toolResultFor(s.model, "c2")?.text).toContain("refused by exit 1");
  });

  it("an exec-form hook gets ${CLAUDE_PROJECT_DIR} filled into each argument as plain text", async () => {
    const hook = {
      type: "command",
      command: "sh",
      args: ["-c", 'printf %s "$1" > "$1/seen"', "sh", "${CLAUDE_PROJECT_DIR}"],
    };
    const s = await startSession({
      user: { hooks: { UserPromptSubmit: [{ hooks: [hook] }] } },
      script: [reply.text("done")],
    });
    await s.runtime.prompt("go");
    expect(fs.readFileSync(s.at("seen"), "utf8")).toBe(s.project);
  });

  it("httpHookAllowedEnvVars keeps a variable the hook lists out of its request headers", async () => {
    const endpoint = await blockingEndpoint();
    const hook = {
      type: "http",
      url: endpoint.url,
      blocking: true,
      headers: { Authorization: "Bearer $TOKEN", "X-Key": "k=$DEPLOY_SECRET" },
      allowedEnvVars: ["TOKEN", "DEPLOY_SECRET"],
    };
    const s = await startSession({
      user: {
        env: { TOKEN: "t0k", DEPLOY_SECRET: "s3cret" },
        httpHookAllowedHosts: [endpoint.hostPort],
        httpHookAllowedEnvVars: ["TOKEN"],
        hooks: { UserPromptSubmit: [hook] },
      },
    });
    await s.runtime.prompt("hello");
    expect(endpoint.headers[0]).toMatchObject({ authorization: "Bearer t0k", "x-key": "k=" });
  });

  it("a user's own http hook never sends codebot's model key, even listed in httpHookAllowedEnvVars", async () => {
    const endpoint = await blockingEndpoint();
    const hook = {
      type: "http",
      url: endpoint.url,
      blocking: true,
      headers: { Authorization: "Bearer $OPENAI_API_KEY", "X-Team": "$TEAM_TOKEN" },
      allowedEnvVars: ["OPENAI_API_KEY", "TEAM_TOKEN"],
    };
    const s = await startSession({
      user: {
        env: { OPENAI_API_KEY: "sk-live", TEAM_TOKEN: "team-7" },
        httpHookAllowedHosts: [endpoint.hostPort],
        httpHookAllowedEnvVars: ["OPENAI_API_KEY", "TEAM_TOKEN"],
        hooks: { UserPromptSubmit: [hook] },
      },
    });
    await s.runtime.prompt("hello");
    expect(endpoint.headers[0]).toMatchObject({ authorization: "Bearer", "x-team": "team-7" });
    expect(s.runtime.problems.map((p) => p.message)).toContainEqual(
      expect.stringContaining("$OPENAI_API_KEY is a model credential"),
    );
  });

  it("an http hook may reach a loopback endpoint allowed in user settings", async () => {
    const endpoint = await blockingEndpoint();
    const s = await startSession({
      user: {
        httpHookAllowedHosts: [endpoint.hostPort],
        hooks: { UserPromptSubmit: [{ type: "http", url: endpoint.url, blocking: true }] },
      },
      script: [],
    });
    expect(await s.runtime.prompt("hi")).toMatchObject({ status: "blocked", reason: "http says no" });
    expect(endpoint.bodies).toEqual([expect.objectContaining({ event: "UserPromptSubmit", prompt: "hi" })]);
  });

  it("an allow-list in project settings is ignored, so the private endpoint is never contacted", async () => {
    const endpoint = await blockingEndpoint();
    const s = await startSession({
      user: { hooks: { UserPromptSubmit: [{ type: "http", url: endpoint.url, blocking: true }] } },
      project: { httpHookAllowedHosts: [endpoint.hostPort] },
      script: [reply.text("answered")],
    });
    expect(await s.runtime.prompt("hi")).toMatchObject({ status: "completed", text: "answered" });
    expect(endpoint.bodies).toEqual([]);
    expect(s.runtime.problems.map((p) => p.message)).toContainEqual(
      expect.stringContaining("httpHookAllowedHosts is only honoured in user settings and --settings files"),
    );
  });
});
