/**
 * Ctrl+R at the prompt in a real terminal (tmux): a search of the project's prompt history, its
 * earlier sessions' prompts too, as claude 2.1.328's (docs/cli.md).
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { startSession } from "./support/terminal-session.js";

useBuiltCli();

/** A project whose history holds, oldest first, `deploy the alpha build`, `fix the beta test`, `deploy alpha again`. */
async function projectWithHistory() {
  const box = sandbox();
  const server = await modelServer([
    reply.text("one"),
    reply.text("two"),
    reply.text("three"),
    reply.text("four"),
  ]);
  const first = await startSession(box, server);
  const sent: [string, string][] = [
    ["deploy the alpha build", "one"],
    ["fix the beta test", "two"],
    ["deploy alpha again", "three"],
  ];
  for (const [prompt, answer] of sent) {
    first.submit(prompt);
    await first.waitForScreen(new RegExp(`^${answer}$`, "m"));
  }
  first.submit("/exit");
  expect(await first.exitCode()).toBe(0);
  return { server, term: await startSession(box, server) };
}

describe("Ctrl+R history search", { timeout: 120_000 }, () => {
  it("finds the newest prompt holding what is typed, Ctrl+R again an older one, and Enter sends it", async () => {
    const { server, term } = await projectWithHistory();
    term.press("C-r");
    term.type("ALPHA");
    await term.waitForScreen(/^› deploy alpha again\nsearch prompts: ALPHA$/m);
    term.press("C-r");
    await term.waitForScreen(/^› deploy the alpha build\nsearch prompts: ALPHA$/m);
    term.press("C-r");
    await term.waitForScreen(/^› deploy the alpha build\nno matching prompt: ALPHA$/m);
    term.press("Enter");
    await term.waitForScreen(/^four$/m);
    expect(requestText(server.requests[3])).toContain("deploy the alpha build");
  });

  it("Ctrl+C puts back what was typed before the search; Esc keeps the prompt found, to edit", async () => {
    const { term } = await projectWithHistory();
    term.type("my draft");
    term.press("C-r");
    term.type("beta");
    await term.waitForScreen(/^› fix the beta test\nsearch prompts: beta$/m);
    term.press("C-c");
    await term.waitForScreen(/^› my draft\nanthropic\//m);
    term.press("C-r");
    term.type("beta");
    await term.waitForScreen(/^› fix the beta test\nsearch prompts: beta$/m);
    term.press("Escape");
    // The search's row gives way to the status (a key within 50 ms would make Esc an Alt).
    await term.waitForScreen(/^› fix the beta test\nanthropic\//m);
    term.type(" now");
    await term.waitForScreen(/^› fix the beta test now\nanthropic\//m);
  });
});
