/**
 * A session to go on with (`-c`): one `-p` run that wrote a file and edited it (5 lines added, 1
 * removed, as claude 2.1.328 counts them), its transcript's cost-state line then given the times of
 * a long session (5 s waiting for the model, 65 s in all), as a user's would have after a while.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { modelEnv, modelServer, type Sandbox } from "./cli-fixtures.js";
import { runCli } from "./cli-process.js";

export const EARLIER_TIMES = { totalAPIDuration: 5_000, totalDuration: 65_000 };

/**
 * Runs the session and returns its transcript's cost-state line as codebot wrote it (before the
 * times were set); `edit` changes the line further, as a hand-edited or crafted transcript would.
 */
export async function earlierSession(
  box: Sandbox,
  edit: (state: Record<string, unknown>) => void = () => {},
): Promise<Record<string, unknown>> {
  const server = await modelServer([
    reply.toolCall("write", { file_path: "a.txt", content: "one\ntwo\nthree\n" }, "w1"),
    reply.toolCall("edit", { file_path: "a.txt", old_string: "two", new_string: "TWO" }, "e1"),
    reply.text("done"),
  ]);
  const args = [
    "-p",
    "go",
    "--output-format",
    "json",
    "--permission-mode",
    "acceptEdits",
    "--cwd",
    box.project,
  ];
  const r = await runCli(args, { env: modelEnv(server, box.home) });
  if (r.code !== 0) throw new Error(`the earlier session failed: ${r.stderr}`);
  const id = JSON.parse(r.stdout).session_id as string;
  const [name] = fs
    .readdirSync(path.join(box.home, "projects"), { recursive: true, encoding: "utf8" })
    .filter((entry) => entry.endsWith(`${id}.jsonl`));
  const file = path.join(box.home, "projects", name as string);
  const lines = fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const state = lines.findLast((line) => line.type === "cost-state");
  if (state === undefined) throw new Error("the earlier session wrote no cost-state line");
  const written = { ...state };
  Object.assign(state, EARLIER_TIMES);
  edit(state);
  fs.writeFileSync(file, lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
  return written;
}
