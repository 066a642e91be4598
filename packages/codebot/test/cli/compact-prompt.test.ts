/**
 * `-p "/compact [focus]"` runs the compaction, as claude 2.1.328's `-p` runs its `/compact`
 * (recorded with everything-claude-code's PreCompact hook): PreCompact gets the focus, the model is
 * asked only for the summary, and the result is a `success` with `local_command: "compact"`.
 */
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

describe("-p /compact", () => {
  it("compacts the continued conversation: PreCompact with the focus, one summary request, local_command compact", async () => {
    const box = sandbox();
    const settings = box.json("s.json", {
      hooks: { PreCompact: [{ hooks: [command(`cat > ${box.at("pre-compact.json")}`)] }] },
    });
    const server = await modelServer([
      reply.text("kiwi noted"),
      reply.text("<summary>the word is kiwi</summary>"),
    ]);
    const env = modelEnv(server, box.home);
    const args = ["--output-format", "json", "--settings", settings, "--cwd", box.project];
    await runCli(["-p", "remember the word kiwi", ...args], { env });

    const r = await runCli(["-c", "-p", "/compact keep the word", ...args], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      type: "result",
      subtype: "success",
      result: "",
      num_turns: 0,
      local_command: "compact",
    });
    expect(JSON.parse(fs.readFileSync(box.at("pre-compact.json"), "utf8"))).toMatchObject({
      hook_event_name: "PreCompact",
      trigger: "manual",
      custom_instructions: "keep the word",
    });
    expect(server.requests).toHaveLength(2);
    // The summary request: the conversation so far, not the command as a prompt.
    expect(requestText(server.requests[1])).toContain("remember the word kiwi");
    expect(requestText(server.requests[1])).not.toContain("/compact keep the word");
  });

  it("the next prompt's request holds the summary and the last answer, not the earlier prompts and answers (as claude 2.1.328's)", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.text("FIRST-ANSWER"),
      reply.text("LAST-ANSWER"),
      reply.text("<summary>SUMMARY-OF-IT</summary>"),
      reply.text("on we go"),
    ]);
    const env = modelEnv(server, box.home);
    const args = ["--output-format", "json", "--cwd", box.project];
    await runCli(["-p", "FIRST-PROMPT", ...args], { env });
    await runCli(["-c", "-p", "LAST-PROMPT", ...args], { env });
    expect((await runCli(["-c", "-p", "/compact", ...args], { env })).code).toBe(0);
    const r = await runCli(["-c", "-p", "NEXT-PROMPT", ...args], { env });
    expect(r.code, r.stderr).toBe(0);
    const messages = server.requests[3]?.body.messages as { role: string }[];
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
    const text = requestText(server.requests[3]);
    for (const kept of ["SUMMARY-OF-IT", "LAST-ANSWER", "NEXT-PROMPT"]) expect(text).toContain(kept);
    for (const left of ["FIRST-PROMPT", "FIRST-ANSWER", "LAST-PROMPT"]) expect(text).not.toContain(left);
  });

  it("the summary's tokens count in total_cost_usd and modelUsage, after the session's earlier use (as claude 2.1.328's); usage stays the prompt's own (none)", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.text("kiwi noted"),
      {
        ...reply.text("<summary>the word is kiwi</summary>"),
        usage: { inputTokens: 1000, outputTokens: 200 },
      },
    ]);
    const env = modelEnv(server, box.home);
    const args = ["--output-format", "json", "--cwd", box.project];
    const first = JSON.parse((await runCli(["-p", "remember the word kiwi", ...args], { env })).stdout);
    const [earlier] = Object.values(first.modelUsage) as { inputTokens: number; outputTokens: number }[];
    const r = await runCli(["-c", "-p", "/compact", ...args], { env });
    expect(r.code, r.stderr).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(Object.values(result.modelUsage)).toEqual([
      expect.objectContaining({
        inputTokens: (earlier?.inputTokens ?? 0) + 1000,
        outputTokens: (earlier?.outputTokens ?? 0) + 200,
      }),
    ]);
    expect(result.total_cost_usd).toBeGreaterThan(first.total_cost_usd);
    expect(result.usage).toMatchObject({ input_tokens: 0, output_tokens: 0 });
  });

  it("a compaction a PreCompact hook blocks, or whose summary request fails, is said once on stderr, exit 1", async () => {
    const box = sandbox();
    const settings = box.json("s.json", {
      hooks: {
        PreCompact: [
          { hooks: [command(`test -e ${box.at("block")} && { echo nope >&2; exit 2; }; exit 0`)] },
        ],
      },
    });
    const server = await modelServer([reply.text("noted"), reply.httpError(400, { message: "bad summary" })]);
    const env = modelEnv(server, box.home, { CLAUDE_CODE_MAX_RETRIES: "0" });
    const args = ["--settings", settings, "--cwd", box.project];
    await runCli(["-p", "remember kiwi", ...args], { env });

    fs.writeFileSync(box.at("block"), "");
    const blocked = await runCli(["-c", "-p", "/compact", ...args], { env });
    expect(blocked.code).toBe(1);
    expect(blocked.stderr).toMatch(/^codebot: compaction blocked by hook .*: nope\n$/);

    fs.rmSync(box.at("block"));
    const failed = await runCli(["-c", "-p", "/compact", ...args], { env });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toBe("codebot: compaction failed: bad summary\n");
  });

  it("a new session has nothing to compact: no PreCompact, no model call, a success, as claude's", async () => {
    const box = sandbox();
    const settings = box.json("s.json", {
      hooks: { PreCompact: [{ hooks: [command(`touch ${box.at("pre-compact-ran")}`)] }] },
    });
    const server = await modelServer([reply.text("<summary>nothing</summary>")]);
    const r = await runCli(
      ["-p", "/compact", "--output-format", "json", "--settings", settings, "--cwd", box.project],
      { env: modelEnv(server, box.home) },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("codebot: no messages to compact");
    expect(JSON.parse(r.stdout)).toMatchObject({ subtype: "success", result: "", local_command: "compact" });
    expect(server.requests).toHaveLength(0);
    expect(fs.existsSync(box.at("pre-compact-ran"))).toBe(false);
  });

  it("with --disable-slash-commands it is refused in claude's words: no hook, nothing sent", async () => {
    const box = sandbox();
    const settings = box.json("s.json", {
      hooks: { PreCompact: [{ hooks: [command(`touch ${box.at("pre-compact-ran")}`)] }] },
    });
    const server = await modelServer([reply.text("kiwi noted"), reply.text("<summary>kiwi</summary>")]);
    const env = modelEnv(server, box.home);
    const args = ["--output-format", "json", "--settings", settings, "--cwd", box.project];
    await runCli(["-p", "remember the word kiwi", ...args], { env });
    const r = await runCli(["-c", "-p", "/compact", "--disable-slash-commands", ...args], { env });
    expect(r.code, r.stderr).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(result).toMatchObject({
      subtype: "success",
      result: "/compact isn't available in this environment.",
    });
    expect(result).not.toHaveProperty("local_command");
    expect(server.requests).toHaveLength(1);
    expect(fs.existsSync(box.at("pre-compact-ran"))).toBe(false);
  });
});
