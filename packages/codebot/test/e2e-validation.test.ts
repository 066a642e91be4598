import fs from "node:fs";
import { reply, type ScriptedRequest } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { validationReminder } from "../src/session/stop-validation.js";
import { command, promptText, startSession } from "./support/e2e.js";
import { waitFor } from "./support/wait-for.js";

/** Logs each payload, then fails with the file's content unless it says "good". */
const check = command(
  'payload=$(cat); echo "$payload" >> validations.jsonl; grep -q good file.txt || { echo "check failed: $(cat file.txt) (run $(wc -l < validations.jsonl | tr -d " "))"; exit 1; }',
);
const hooks = { hooks: { PostStopValidation: [check] } };
const lastUser = (r: ScriptedRequest) => promptText(r, "user").at(-1);

describe("PostStopValidation through the runtime", () => {
  it("a failing check after a write sends its output back; once fixed the check passes and the run ends", async () => {
    const s = await startSession({
      user: hooks,
      script: [
        reply.toolCall("write", { file_path: "file.txt", content: "bad" }),
        reply.text("written"),
        reply.toolCall("write", { file_path: "file.txt", content: "good" }),
        reply.text("fixed"),
      ],
    });
    const result = await s.runtime.prompt("write the file");
    expect(result).toMatchObject({ status: "completed", text: "fixed", validation: { attempts: 2 } });
    expect(lastUser(s.model.requests[2] as ScriptedRequest)).toBe(
      validationReminder("check failed: bad (run 1)"),
    );
    expect(lastUser(s.model.requests[2] as ScriptedRequest)).toBe(
      "<system-reminder>\nThe PostStopValidation hook failed. Fix the problem based on the following output:\ncheck failed: bad (run 1)\n</system-reminder>",
    );
    const runs = s.jsonLines("validations.jsonl");
    expect(runs.map((r) => [r.event, r.message, r.stop_hook_active])).toEqual([
      ["PostStopValidation", "post-stop validation", false],
      ["PostStopValidation", "post-stop validation", true],
    ]);
  });

  it("a check that always fails ends the run after 3 attempts with the last output", async () => {
    const s = await startSession({
      user: hooks,
      script: [
        reply.toolCall("write", { file_path: "file.txt", content: "bad" }),
        reply.text("try 1"),
        reply.text("try 2"),
        reply.text("try 3"),
      ],
    });
    const result = await s.runtime.prompt("go");
    expect(result).toMatchObject({
      status: "validation_failed",
      text: "try 3",
      reason: "validation still fails after 3 attempts:\ncheck failed: bad (run 3)",
      validation: { attempts: 3, lastFeedback: "check failed: bad (run 3)" },
    });
    expect(s.model.requests).toHaveLength(4);
    expect(s.jsonLines("validations.jsonl").map((r) => r.stop_hook_active)).toEqual([false, true, true]);
  });

  it("postStopValidation.maxAttempts from settings caps the attempts", async () => {
    const s = await startSession({
      user: { ...hooks, postStopValidation: { maxAttempts: 1 } },
      script: [reply.toolCall("write", { file_path: "file.txt", content: "bad" }), reply.text("done")],
    });
    expect(await s.runtime.prompt("go")).toMatchObject({
      status: "validation_failed",
      validation: { attempts: 1 },
    });
  });

  it("does not validate when no mutating call succeeded", async () => {
    const s = await startSession({
      user: hooks,
      script: [
        reply.toolCall("read", { file_path: "nothing.txt" }),
        reply.toolCall("bash", { command: "exit 1" }),
        reply.text("nothing changed"),
      ],
    });
    expect(await s.runtime.prompt("look")).toMatchObject({
      status: "completed",
      validation: { attempts: 0 },
    });
    expect(fs.existsSync(s.at("validations.jsonl"))).toBe(false);
  });

  it("does not validate an aborted run", async () => {
    const s = await startSession({
      user: hooks,
      script: [reply.toolCall("write", { file_path: "file.txt", content: "bad" }), reply.hang("thinking")],
    });
    const running = s.runtime.prompt("go");
    await waitFor(() => s.model.requests.length === 2, 15_000, "the second model call");
    s.runtime.abort();
    expect(await running).toMatchObject({ status: "aborted", validation: { attempts: 0 } });
    expect(fs.existsSync(s.at("validations.jsonl"))).toBe(false);
  });

  it("does not validate a run that hit the turn limit or failed", async () => {
    const limited = await startSession({
      user: hooks,
      script: [reply.toolCall("write", { file_path: "file.txt", content: "bad" })],
      runtime: { maxTurns: 1 },
    });
    expect(await limited.runtime.prompt("go")).toMatchObject({
      status: "max_turns",
      validation: { attempts: 0 },
    });
    const failed = await startSession({
      user: hooks,
      script: [
        reply.toolCall("write", { file_path: "file.txt", content: "bad" }),
        reply.throws(new Error("model down")),
      ],
    });
    const result = await failed.runtime.prompt("go");
    expect(result).toMatchObject({ status: "error", validation: { attempts: 0 } });
    expect(result.reason).toContain("model down");
    expect(fs.existsSync(limited.at("validations.jsonl"))).toBe(false);
    expect(fs.existsSync(failed.at("validations.jsonl"))).toBe(false);
  });

  it("a sub-agent's write marks the session unverified", async () => {
    const s = await startSession({
      user: hooks,
      script: [
        reply.toolCall("agent", { name: "writer", prompt: "write it" }),
        reply.toolCall("write", { file_path: "file.txt", content: "good" }),
        reply.text("sub wrote"),
        reply.text("main done"),
      ],
    });
    expect(await s.runtime.prompt("delegate")).toMatchObject({
      status: "completed",
      validation: { attempts: 1 },
    });
    expect(s.jsonLines("validations.jsonl")).toHaveLength(1);
  });

  it("a passing check clears the mark, so the next prompt without changes does not validate", async () => {
    const s = await startSession({
      user: hooks,
      script: [
        reply.toolCall("write", { file_path: "file.txt", content: "good" }),
        reply.text("one"),
        reply.text("two"),
      ],
    });
    await s.runtime.prompt("first");
    await s.runtime.prompt("second");
    expect(s.jsonLines("validations.jsonl")).toHaveLength(1);
  });
});
