/**
 * SessionEnd's `reason`, Claude Code's values (issue 14): `clear` for `/clear`, `prompt_input_exit`
 * when the user leaves at the prompt, `other` for the end of `-p` and a terminal that went away —
 * each selected by a Claude Code group's matcher.
 */
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { waitFor } from "../support/wait-for.js";
import { modelEnv, modelServer, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";
import { startSession } from "./support/terminal-session.js";

useBuiltCli();

/** Each reason lands in its own file, so which group's matcher fired is plain. */
function settingsFor(box: Sandbox): string {
  const to = (file: string) => ({ type: "command", command: `cat >> ${file}; echo >> ${file}` });
  return box.json("s.json", {
    hooks: {
      SessionEnd: [
        { matcher: "clear", hooks: [to("clear.jsonl")] },
        { matcher: "prompt_input_exit", hooks: [to("exit.jsonl")] },
        { matcher: "other", hooks: [to("other.jsonl")] },
      ],
    },
  });
}

function reasons(box: Sandbox, file: string): unknown[] {
  const text = fs.existsSync(box.at(file)) ? fs.readFileSync(box.at(file), "utf8") : "";
  return text
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => (JSON.parse(l) as { reason: unknown }).reason);
}

describe("SessionEnd reasons", { timeout: 120_000 }, () => {
  it("interactive: /clear ends the conversation with clear, /exit the session with prompt_input_exit", async () => {
    const box = sandbox();
    const settings = settingsFor(box);
    const server = await modelServer([]);
    const term = await startSession(box, server, { args: ["--settings", settings] });
    term.submit("/clear");
    await waitFor(() => reasons(box, "clear.jsonl").length === 1, 20_000, "SessionEnd clear");
    term.submit("/exit");
    expect(await term.exitCode()).toBe(0);
    expect(reasons(box, "clear.jsonl")).toEqual(["clear"]);
    expect(reasons(box, "exit.jsonl")).toEqual(["prompt_input_exit"]);
    expect(reasons(box, "other.jsonl")).toEqual([]);
  });

  it("interactive: a terminal that goes away ends with other", async () => {
    const box = sandbox();
    const settings = settingsFor(box);
    const server = await modelServer([]);
    const term = await startSession(box, server, { args: ["--settings", settings] });
    term.kill();
    await waitFor(() => reasons(box, "other.jsonl").length === 1, 20_000, "SessionEnd after the hang-up");
    expect(reasons(box, "exit.jsonl")).toEqual([]);
  });

  it("-p ends with other", async () => {
    const box = sandbox();
    const settings = settingsFor(box);
    const server = await modelServer([reply.text("ok")]);
    const r = await runCli(["-p", "hi", "--settings", settings, "--cwd", box.project], {
      env: modelEnv(server, box.home),
    });
    expect(r.code).toBe(0);
    expect(reasons(box, "other.jsonl")).toEqual(["other"]);
    expect(reasons(box, "exit.jsonl")).toEqual([]);
  });
});
