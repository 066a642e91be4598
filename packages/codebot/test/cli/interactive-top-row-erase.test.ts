/**
 * What codebot erases itself while the prompt is on the screen's top row (after Ctrl+L), in a
 * real terminal (tmux): an erase from the top-left corner is a clear screen to tmux
 * (`scroll-on-clear`), which pushed the screen — the prompt and its status — into the scrollback.
 */
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, group } from "../support/hook-entries.js";
import { modelServer, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { startSession } from "./support/terminal-session.js";

useBuiltCli();

/**
 * A session whose model started a background shell that ends once `go.now` is in the project;
 * its end gets a turn (`noted`). Returned with the prompt back after `launched`.
 */
async function napping() {
  const box = sandbox();
  const server = await modelServer([
    reply.toolCall("bash", {
      command: "for i in $(seq 1 1200); do if [ -f go.now ]; then break; fi; sleep 0.05; done; echo fin",
      description: "Nap",
      run_in_background: true,
    }),
    reply.text("launched"),
    reply.text("noted"),
  ]);
  const settings = box.json("settings.json", { permissions: { allow: ["Bash"] } });
  const term = await startSession(box, server, { args: ["--settings", settings] });
  term.submit("go");
  await term.waitForScreen(/launched\n/);
  return { box, term };
}

describe("erases with the prompt on the screen's top row", { timeout: 120_000 }, () => {
  it("a background shell ending after Ctrl+L leaves no copy of the prompt in the scrollback", async () => {
    const { box, term } = await napping();
    term.press("C-l");
    term.type("half typed");
    await term.waitForScreen(/^› half typed\s*\n/m);
    fs.writeFileSync(box.at("go.now"), "");
    // The prompt leaves for the notification's turn: the status under it, then the prompt, erased.
    const after = await term.waitForScreen(/noted\n› half typed/);
    expect(after.match(/^› half typed/gm)).toHaveLength(1);
  });

  it("a hook's line above the prompt of a two-row terminal leaves no copy of the prompt in the scrollback", async () => {
    const box = sandbox();
    const settings = box.json("s.json", {
      hooks: { Notification: [group("idle_prompt", command("true"))] },
    });
    const server = await modelServer([reply.text("all done")]);
    const term = await startSession(box, server, {
      args: ["--settings", settings],
      env: { CODEBOT_IDLE_PROMPT_MS: "300" },
      size: { columns: 120, rows: 2 },
    });
    term.submit("go");
    // Two rows: the prompt is on the top one, its status under it; the hook's line goes above it.
    const after = await term.waitForScreen(/⚑ hook Notification .*\n›/);
    expect(after.match(/^›\s*$/gm)).toHaveLength(1);
  });

  it("a background shell ending after Ctrl+L, a line of two rows typed, leaves no copy of its first row", async () => {
    const { box, term } = await napping();
    term.press("C-l");
    for (const word of Array.from({ length: 25 }, (_, i) => `word${i}`)) term.type(`${word} `);
    await term.waitForScreen(/word24\s*\nanthropic/);
    fs.writeFileSync(box.at("go.now"), "");
    // The prompt leaves from its second row: the erase goes up to its first, the top row.
    const after = await term.waitForScreen(/noted\n› word0/);
    expect(after.match(/word0 /g)).toHaveLength(1);
  });

  it("Ctrl+C at an empty prompt on a cleared screen leaves no copy of it in the scrollback", async () => {
    const box = sandbox();
    const server = await modelServer([]);
    const term = await startSession(box, server);
    const prompts = () => term.screen().match(/^›\s*$/gm)?.length;
    term.press("C-l");
    // Ctrl+L itself puts the screen into the scrollback, as a terminal's clear does: one copy.
    await term.waitForScreen(/^›\s*\n.*\n›\s*\n/m);
    const cleared = prompts();
    term.press("C-c");
    await term.waitForScreen(/\(Ctrl\+C again, Ctrl\+D or \/exit to quit\)\n›/);
    // The prompt (and its status) erased for the notice, not pushed into the scrollback again.
    expect(prompts()).toBe(cleared);
  });
});
