/**
 * A code rewind after the clock was set back mid-session: the copies a prompt's tools made are
 * dated by the clock then, so the first prompt's copy is dated after the second prompt began. The
 * rewind to the second prompt must still put the files back as the first prompt left them.
 */
import fs from "node:fs";
import path from "node:path";
import { reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { useBuiltCli } from "./support/cli-process.js";
import { sdkSession } from "./support/sdk-session.js";

useBuiltCli();

const ONE = "11111111-1111-4111-8111-111111111111";
const TWO = "22222222-2222-4222-8222-222222222222";
/** 2099: when the clock said the first prompt began, before it was set right. */
const AHEAD = Date.UTC(2099, 0, 1);

describe("a code rewind after the clock was set back", () => {
  it("the rewind to the second prompt keeps the first prompt's change", async () => {
    const { box, run } = await sdkSession(
      [
        reply.toolCall("write", { file_path: "a.txt", content: "v1\n" }),
        reply.text("one done"),
        reply.toolCalls(toolCall("edit", { file_path: "a.txt", old_string: "v1", new_string: "v2" })),
        reply.text("two done"),
      ],
      { args: ["--permission-mode", "bypassPermissions"] },
    );
    run.say("step one", ONE);
    const id = String((await run.result(1)).session_id);
    // What a run with the clock ahead leaves: the first prompt's copies dated then.
    const [index] = fs
      .readdirSync(path.join(box.home, "projects"), { recursive: true, encoding: "utf8" })
      .filter((entry) => entry.endsWith(path.join(id, "file-checkpoints", "index.jsonl")))
      .map((entry) => path.join(box.home, "projects", entry));
    const lines = fs
      .readFileSync(index as string, "utf8")
      .split("\n")
      .filter(Boolean);
    const dated = lines.map((l) => JSON.parse(l)).map((l) => ("at" in l ? { ...l, at: AHEAD } : l));
    fs.writeFileSync(index as string, dated.map((l) => `${JSON.stringify(l)}\n`).join(""));
    run.say("step two", TWO);
    await run.result(2);

    const answer = await run.request("w1", { subtype: "rewind_files", user_message_id: TWO });

    expect(answer.response).toEqual({ canRewind: true, skippedLinks: 0 });
    expect(fs.readFileSync(box.at("a.txt"), "utf8")).toBe("v1\n");
    await run.end();
  });
});
