/**
 * `--json-schema` (Claude Code's `-p` flag, as claude 2.1.328 does it): the model answers through
 * the `structured_output` tool (claude's `StructuredOutput`) in the schema's shape; the result
 * carries it as `structured_output`, and as compact JSON in `result`.
 */
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const SCHEMA = JSON.stringify({
  type: "object",
  properties: { name: { type: "string" }, age: { type: "integer", minimum: 5 } },
  required: ["name", "age"],
});

describe("--json-schema", () => {
  it("the model's answer through the tool is the result: structured_output, and JSON in result; the run ends there", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("structured_output", { name: "Ada", age: 36 }),
      reply.text("never asked"),
    ]);
    const r = await runCli(["-p", "who?", "--json-schema", SCHEMA, "--output-format", "json"], {
      env: modelEnv(server, box.home),
      cwd: box.project,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      subtype: "success",
      result: '{"name":"Ada","age":36}',
      structured_output: { name: "Ada", age: 36 },
    });
    expect(server.requests).toHaveLength(1);
    const tool = (
      server.requests[0]?.body as { tools: { name: string; input_schema: unknown }[] } | undefined
    )?.tools.find((t) => t.name === "structured_output");
    expect(tool?.input_schema).toMatchObject(JSON.parse(SCHEMA));
  });

  it("an answer the schema refuses is an error result listing every problem as claude words them; the model tries again", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("structured_output", { name: 5 }),
      reply.toolCall("structured_output", { name: "Ada", age: 3 }),
      reply.toolCall("structured_output", { name: "Ada", age: 36 }),
    ]);
    const r = await runCli(["-p", "who?", "--json-schema", SCHEMA], {
      env: modelEnv(server, box.home),
      cwd: box.project,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('{"name":"Ada","age":36}\n');
    expect(requestText(server.requests[1])).toContain(
      "Output does not match required schema: root: must have required property 'age', /name: must be string",
    );
    expect(requestText(server.requests[2])).toContain(
      "Output does not match required schema: /age: must be >= 5",
    );
  });

  it("a model that ends its turn without the tool is reminded once, then the prompt ends without structured_output", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("plain"), reply.text("still plain")]);
    const r = await runCli(["-p", "who?", "--json-schema", SCHEMA, "--output-format", "json"], {
      env: modelEnv(server, box.home),
      cwd: box.project,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(requestText(server.requests[1])).toContain(
      "[structured-output-enforce] You MUST call the StructuredOutput tool",
    );
    const result = JSON.parse(r.stdout);
    expect(result).toMatchObject({ subtype: "success", result: "still plain" });
    expect(result).not.toHaveProperty("structured_output");
  });

  it("hooks see the tool as Claude Code names it (StructuredOutput), and Stop hooks run after the answer", async () => {
    const box = sandbox();
    const settings = box.json("s.json", {
      hooks: {
        PreToolUse: [{ matcher: "StructuredOutput", hooks: [command("echo pre >> hooks.log")] }],
        Stop: [{ hooks: [command("echo stop >> hooks.log")] }],
      },
    });
    const server = await modelServer([reply.toolCall("structured_output", { name: "Ada", age: 36 })]);
    const r = await runCli(["-p", "who?", "--json-schema", SCHEMA, "--settings", settings], {
      env: modelEnv(server, box.home),
      cwd: box.project,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(fs.readFileSync(box.at("hooks.log"), "utf8")).toBe("pre\nstop\n");
  });

  it("a sub-agent is not offered the tool: the answer is the main agent's to give", async () => {
    const box = sandbox();
    const server = await modelServer([
      reply.toolCall("agent", { prompt: "look around" }),
      reply.text("looked"),
      reply.toolCall("structured_output", { name: "Ada", age: 36 }),
    ]);
    const r = await runCli(["-p", "who?", "--json-schema", SCHEMA], {
      env: modelEnv(server, box.home),
      cwd: box.project,
    });
    expect(r.code, r.stderr).toBe(0);
    const toolsOf = (i: number) =>
      (server.requests[i]?.body as { tools: { name: string }[] } | undefined)?.tools.map((t) => t.name);
    expect(toolsOf(0)).toContain("structured_output");
    expect(toolsOf(1)).toContain("bash");
    expect(toolsOf(1)).not.toContain("structured_output");
  });

  it("a schema that is not JSON, not a JSON Schema, or not an object's is refused before anything runs", async () => {
    const box = sandbox();
    const server = await modelServer([]);
    const run = (schema: string) =>
      runCli(["-p", "x", "--json-schema", schema], { env: modelEnv(server, box.home), cwd: box.project });
    const notJson = await run("notjson");
    expect(notJson.code).toBe(1);
    expect(notJson.stderr).toMatch(/^codebot: --json-schema is not valid JSON: /);
    const notSchema = await run('{"type":"object","properties":{"a":{"type":"nonsense"}}}');
    expect(notSchema.stderr).toMatch(
      /^codebot: --json-schema is not a valid JSON Schema: data\/properties\/a\/type must be equal to one of the allowed values/,
    );
    const notObject = await run('{"type":"string"}');
    expect(notObject.stderr).toBe(
      'codebot: --json-schema must describe an object ("type": "object"): the model answers through a tool, whose input is an object\n',
    );
    expect(server.requests).toEqual([]);
  });

  it("a schema written for 2020-12 (as zod 4 emits it) is read by that draft: prefixItems checks the answer", async () => {
    const box = sandbox();
    const schema = JSON.stringify({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: {
        pair: { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }], items: false },
      },
      required: ["pair"],
    });
    const server = await modelServer([
      reply.toolCall("structured_output", { pair: ["a", "b"] }),
      reply.toolCall("structured_output", { pair: ["a", 1] }),
    ]);
    const r = await runCli(["-p", "pair?", "--json-schema", schema], {
      env: modelEnv(server, box.home),
      cwd: box.project,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('{"pair":["a",1]}\n');
    expect(requestText(server.requests[1])).toContain(
      "Output does not match required schema: /pair/1: must be integer",
    );
  });

  it("a $schema naming a draft codebot does not read is refused before anything runs, naming the ones it reads", async () => {
    const box = sandbox();
    const server = await modelServer([]);
    const schema = JSON.stringify({ $schema: "http://json-schema.org/draft-04/schema#", type: "object" });
    const r = await runCli(["-p", "x", "--json-schema", schema], {
      env: modelEnv(server, box.home),
      cwd: box.project,
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'codebot: --json-schema is not a valid JSON Schema: "$schema" is "http://json-schema.org/draft-04/schema#"; codebot reads draft-07, 2019-09 or 2020-12\n',
    );
    expect(server.requests).toEqual([]);
  });

  it("applies to -p only", async () => {
    const box = sandbox();
    const r = await runCli(["--json-schema", SCHEMA], {
      env: modelEnv(await modelServer([]), box.home),
      cwd: box.project,
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("codebot: --json-schema applies to -p only\n");
  });
});
