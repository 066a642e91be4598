/**
 * The Agent SDK's requests about the session's settings and context, replaying the line shapes
 * recorded from the SDK 0.3.337 driving claude 2.1.328 (docs/claude-code.md "The Claude Agent SDK"):
 * `apply_flag_settings`, `get_settings`, `get_context_usage`, `reload_skills`, `stop_task`.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { waitFor } from "../support/wait-for.js";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { SDK_ARGS, type SdkRun, startSdkRun } from "./support/sdk-driver.js";

useBuiltCli();

/** Waits for the run's `n`th result line. */
function results(run: SdkRun, n: number): Promise<unknown> {
  return waitFor(
    () => run.lines().filter((l) => l.type === "result").length >= n || undefined,
    30_000,
    `result ${n} (${run.cli.stderr()})`,
  );
}

describe("the Agent SDK's settings requests", () => {
  it("apply_flag_settings' effortLevel is the next request's effort (answered without a response, as claude); null goes back to the start's", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("one"), reply.text("two"), reply.text("three")]);
    const run = startSdkRun([...SDK_ARGS, "--model", "claude-opus-5-5", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    run.say("first");
    await results(run, 1);
    expect(
      await run.request("f1", { subtype: "apply_flag_settings", settings: { effortLevel: "low" } }),
    ).toEqual({ subtype: "success", request_id: "f1" });
    run.say("second");
    await results(run, 2);
    await run.request("f2", { subtype: "apply_flag_settings", settings: { effortLevel: null } });
    run.say("third");
    await results(run, 3);
    await run.end();
    const efforts = server.requests.map(
      (r) => (r.body as { output_config?: { effort?: string } }).output_config?.effort,
    );
    expect(efforts).toEqual(["medium", "low", "medium"]);
  });

  it("get_settings shows the flag settings layer, merged over applies (null removes a key), and the model and effort applied", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("one")]);
    const run = startSdkRun([...SDK_ARGS, "--model", "claude-opus-5-5", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(await run.request("g0", { subtype: "get_settings" })).toEqual({
      subtype: "success",
      request_id: "g0",
      response: { effective: {}, sources: [], applied: { model: "claude-opus-5-5", effort: "medium" } },
    });
    await run.request("f1", { subtype: "apply_flag_settings", settings: { effortLevel: "low" } });
    await run.request("f2", {
      subtype: "apply_flag_settings",
      settings: { permissions: { allow: ["Bash(ls:*)"] } },
    });
    const layer = { effortLevel: "low", permissions: { allow: ["Bash(ls:*)"] } };
    expect((await run.request("g1", { subtype: "get_settings" })).response).toEqual({
      effective: layer,
      sources: [{ source: "flagSettings", settings: layer }],
      applied: { model: "claude-opus-5-5", effort: "low" },
    });
    await run.request("f3", { subtype: "apply_flag_settings", settings: { effortLevel: null } });
    expect((await run.request("g2", { subtype: "get_settings" })).response).toMatchObject({
      effective: { permissions: { allow: ["Bash(ls:*)"] } },
      applied: { effort: "medium" },
    });
    run.say("hi");
    await results(run, 1);
    await run.end();
    expect(run.cli.stderr()).toContain(
      `the Agent SDK's applyFlagSettings: "permissions" is kept in the flag settings, but codebot does not apply it while the session runs`,
    );
  });

  it("apply_flag_settings' model switches as set_model does (claude's user line); a bad effortLevel refuses the whole apply", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("one")]);
    const run = startSdkRun([...SDK_ARGS, "--model", "claude-opus-5-5", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    const refused = await run.request("f1", {
      subtype: "apply_flag_settings",
      settings: { model: "claude-haiku-4-5", effortLevel: "huge" },
    });
    expect(refused).toMatchObject({ subtype: "error", error_code: "invalid_settings" });
    expect(refused.error).toContain('effortLevel must be one of low, medium, high, xhigh, max (got "huge")');
    expect(
      await run.request("f2", { subtype: "apply_flag_settings", settings: { model: "claude-haiku-4-5" } }),
    ).toEqual({ subtype: "success", request_id: "f2" });
    const note = run.lines().find((l) => l.type === "user");
    expect(note?.message).toEqual({
      role: "user",
      content: "<local-command-stdout>Set model to `claude-haiku-4-5`</local-command-stdout>",
    });
    run.say("hi");
    await results(run, 1);
    await run.end();
    expect(server.requests.map((r) => (r.body as { model?: string }).model)).toEqual(["claude-haiku-4-5"]);
  });

  it("get_context_usage answers in claude's /context shape: used and free categories, totals, a 10x10 grid of 1% squares", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("one")]);
    const run = startSdkRun([...SDK_ARGS, "--model", "claude-opus-4-6", "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    run.say("hi");
    await results(run, 1);
    const answer = (await run.request("c1", { subtype: "get_context_usage" })).response as {
      categories: { id: string; tokens: number; kind: string }[];
      totalTokens: number;
      maxTokens: number;
      gridRows: { categoryName: string; squareFullness: number }[][];
      model: string;
    };
    await run.end();
    expect(answer.categories.map((c) => [c.id, c.kind])).toEqual([
      ["messages", "used"],
      ["free_space", "free"],
    ]);
    const used = answer.categories[0]?.tokens ?? 0;
    expect(used).toBeGreaterThan(0);
    expect(answer).toMatchObject({
      totalTokens: used,
      maxTokens: 200_000,
      rawMaxTokens: 200_000,
      model: "claude-opus-4-6",
    });
    expect(answer.categories[1]?.tokens).toBe(200_000 - used);
    expect(answer.gridRows.map((row) => row.length)).toEqual(Array(10).fill(10));
    expect(answer.gridRows[0]?.[0]).toMatchObject({ categoryName: "Messages", squareFullness: used / 2000 });
    expect(answer.gridRows[9]?.[9]).toMatchObject({ categoryName: "Free space", squareFullness: 1 });
  });

  it("reload_skills reads the skill folders again: a skill written meanwhile is listed, after claude's commands_changed line", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("one")]);
    const run = startSdkRun([...SDK_ARGS, "--cwd", box.project], { env: modelEnv(server, box.home) });
    run.say("hi");
    await results(run, 1);
    const dir = path.join(box.project, ".claude", "skills", "greet");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, "SKILL.md"),
      "---\nname: greet\ndescription: Greets someone\nargument-hint: <who>\n---\nSay hello to $ARGUMENTS\n",
    );
    const greet = { name: "greet", description: "Greets someone", argumentHint: "<who>" };
    const answer = await run.request("r1", { subtype: "reload_skills" });
    expect(answer).toEqual({ subtype: "success", request_id: "r1", response: { skills: [greet] } });
    const changed = run.lines().filter((l) => l.type === "system" && l.subtype === "commands_changed");
    expect(changed).toEqual([expect.objectContaining({ commands: [greet], session_id: expect.any(String) })]);
    const order = run.lines().map((l) => (l.type === "control_response" ? "response" : l.subtype));
    expect(order.indexOf("commands_changed")).toBeLessThan(order.lastIndexOf("response"));
    // Nothing changed since: no second line.
    await run.request("r2", { subtype: "reload_skills" });
    await run.end();
    expect(run.lines().filter((l) => l.subtype === "commands_changed")).toHaveLength(1);
  });

  it("stop_task is answered as claude answers a task it does not have (codebot runs no background tasks)", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("one")]);
    const run = startSdkRun([...SDK_ARGS, "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(await run.request("t1", { subtype: "stop_task", task_id: "x" })).toEqual({
      subtype: "success",
      request_id: "t1",
      response: {},
    });
    run.say("hi");
    await results(run, 1);
    await run.end();
  });
});
