/** HOOKS.md §9.3 (PostStopValidation, exactly): what marks the session unverified, when a pass clears it, the cap. */
import fs from "node:fs";
import path from "node:path";
import type { Tool, ToolCall } from "@codebot/agentcore";
import { reply } from "@codebot/agentcore/testing";
import type { Decision } from "@codebot/hooks";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { StopValidation } from "../src/session/stop-validation.js";
import { ValidationMark } from "../src/session/validation-mark.js";
import { command, scratchDir, startSession } from "./support/e2e.js";
import { tempDir } from "./support/temp-dirs.js";
import { toolContext } from "./support/tool-context.js";
import { waitFor } from "./support/wait-for.js";

/** A real tool marked mutating that appends a line to a file. */
function appendTool(file: string): Tool<{ line: string }> {
  return {
    name: "append",
    description: "append a line",
    inputSchema: z.object({ line: z.string() }),
    mutating: true,
    execute: async (args) => {
      fs.appendFileSync(file, `${args.line}\n`);
      return { content: "appended", isError: false };
    },
  };
}

/** Runs `tool` through the validation middleware, as the kernel would. */
async function callThrough(validation: StopValidation, tool: Tool<{ line: string }>, line: string) {
  const call: ToolCall = { id: `c-${line}`, name: tool.name, args: { line } };
  const ctx = toolContext(tool as Tool);
  return validation.middleware()(call, (c) => tool.execute(c.args as { line: string }, ctx), ctx);
}

const passed: Decision = { kind: "allow", trace: [] };
const stopInput = () => ({ signal: new AbortController().signal });

const markIn = (dir: string) => new ValidationMark(path.join(dir, "s.unverified"));

describe("§9.3 the mark outlives the process: a session resumed after an interrupted run validates its changes", () => {
  it("a change sets the mark on disk, a pass removes it, and a validation built over a mark left behind runs at the first stop", async () => {
    const dir = tempDir();
    const tool = appendTool(path.join(dir, "log.txt"));
    let runs = 0;
    const run = async () => {
      runs++;
      return passed;
    };
    const first = new StopValidation(run, 3, markIn(dir));
    first.startPrompt();
    await callThrough(first, tool, "change");
    expect(fs.existsSync(path.join(dir, "s.unverified"))).toBe(true);
    // The process ends here, before its stop (an interrupt, a kill): the next one reads the mark.
    const resumed = new StopValidation(run, 3, markIn(dir));
    resumed.startPrompt();
    expect(await resumed.onStop(stopInput())).toBeUndefined();
    expect(runs).toBe(1);
    expect(fs.existsSync(path.join(dir, "s.unverified"))).toBe(false);
  });

  it("--continue validates the changes the interrupted run left, at its first stop", async () => {
    const dirs = { project: scratchDir("codebot-project-"), home: scratchDir("codebot-home-") };
    const check = command(
      'echo run >> "$CODEBOT_PROJECT_DIR/val.log"; [ -f "$CODEBOT_PROJECT_DIR/slow" ] && sleep 30; exit 0',
    );
    const user = { hooks: { PostStopValidation: [check] } };
    fs.writeFileSync(`${dirs.project}/slow`, "");
    const first = await startSession({
      dirs,
      user,
      script: [reply.toolCall("write", { file_path: "a.txt", content: "x" }), reply.text("finished")],
    });
    const running = first.runtime.prompt("change it");
    await waitFor(() => fs.existsSync(`${dirs.project}/val.log`));
    first.runtime.abort();
    expect(await running).toMatchObject({ status: "aborted" });
    await first.runtime.close();
    fs.rmSync(`${dirs.project}/slow`);

    const resumed = await startSession({
      dirs,
      user,
      runtime: { sessionId: first.runtime.sessionId, resume: true },
      script: [reply.text("nothing to do")],
    });
    expect(await resumed.runtime.prompt("anything else?")).toMatchObject({ status: "completed" });
    expect(fs.readFileSync(`${dirs.project}/val.log`, "utf8")).toBe("run\nrun\n");
  });
});

describe("§9.3 a pass clears the mark unless a new change happened while the hooks ran", () => {
  it("a change made during a passing validation keeps the session unverified for the next stop", async () => {
    const file = path.join(tempDir(), "log.txt");
    const tool = appendTool(file);
    let runs = 0;
    const validation = new StopValidation(
      async () => {
        runs++;
        // A change lands while the first validation is running.
        if (runs === 1) await callThrough(validation, tool, "during");
        return passed;
      },
      3,
      markIn(tempDir()),
    );
    validation.startPrompt();
    await callThrough(validation, tool, "before");

    expect(await validation.onStop(stopInput())).toBeUndefined();
    expect(runs).toBe(1);
    expect(await validation.onStop(stopInput())).toBeUndefined();
    expect(runs).toBe(2);
    expect(await validation.onStop(stopInput())).toBeUndefined();
    expect(runs).toBe(2);
    expect(fs.readFileSync(file, "utf8")).toBe("before\nduring\n");
  });

  it("any tool marked mutating counts as a change; a failed call of it does not", async () => {
    const tool: Tool<{ line: string }> = {
      ...appendTool(path.join(tempDir(), "log.txt")),
      execute: async (args) => ({ content: "failed", isError: args.line === "bad" }),
    };
    let runs = 0;
    const validation = new StopValidation(
      async () => {
        runs++;
        return passed;
      },
      3,
      markIn(tempDir()),
    );
    validation.startPrompt();
    await callThrough(validation, tool, "bad");
    await validation.onStop(stopInput());
    expect(runs).toBe(0);
    await callThrough(validation, tool, "good");
    await validation.onStop(stopInput());
    expect(runs).toBe(1);
  });
});

/** Logs each validation, then fails unless file.txt says "good". */
const check = command(
  'cat >> validations.jsonl; echo >> validations.jsonl; grep -q good file.txt 2>/dev/null || { echo "not good yet"; exit 1; }',
);

describe("§9.3 through the runtime", () => {
  for (const [tool, args] of [
    ["bash", { command: "echo bad > file.txt" }],
    ["edit", { file_path: "file.txt", old_string: "seed", new_string: "bad" }],
  ] as const) {
    it(`a successful ${tool} call is a change that triggers validation at the natural stop`, async () => {
      const s = await startSession({
        user: { hooks: { PostStopValidation: [check] }, postStopValidation: { maxAttempts: 1 } },
        script: [reply.toolCall(tool, args), reply.text("done")],
      });
      fs.writeFileSync(s.at("file.txt"), "seed\n");
      const result = await s.runtime.prompt("change it");
      expect(result).toMatchObject({ status: "validation_failed", validation: { attempts: 1 } });
      expect(s.jsonLines("validations.jsonl")).toHaveLength(1);
    });
  }

  it("the attempt cap counts per prompt: the next prompt of a still-unverified session gets its own attempts", async () => {
    const s = await startSession({
      user: { hooks: { PostStopValidation: [check] }, postStopValidation: { maxAttempts: 2 } },
      script: [
        reply.toolCall("write", { file_path: "file.txt", content: "bad" }),
        reply.text("first stop"),
        reply.text("second stop"),
        reply.text("next prompt, first stop"),
        reply.text("next prompt, second stop"),
      ],
    });
    expect(await s.runtime.prompt("one")).toMatchObject({
      status: "validation_failed",
      validation: { attempts: 2, lastFeedback: "not good yet" },
    });
    expect(await s.runtime.prompt("two")).toMatchObject({
      status: "validation_failed",
      text: "next prompt, second stop",
      validation: { attempts: 2 },
    });
    expect(s.jsonLines("validations.jsonl")).toHaveLength(4);
  });
});
