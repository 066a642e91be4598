/**
 * `/effort` in the interactive session, in claude 2.1.328's words (recorded in tmux): it sets the
 * effort of the next model request for this session, in a real terminal.
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { waitFor } from "../support/wait-for.js";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { TmuxSession } from "./support/tmux.js";

useBuiltCli();

describe("/effort", { timeout: 120_000 }, () => {
  it("shows the level, refuses an unknown one with the options, and /effort low is the next request's effort; auto goes back", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("one"), reply.text("two")]);
    const term = TmuxSession.start({
      dir: box.project,
      env: modelEnv(server, box.home),
      args: ["--model", "claude-opus-5-5"],
    });
    await term.waitForScreen(/^›/m);
    term.submit("/effort");
    await term.waitForScreen("effort: medium; options: low, medium, high, xhigh, max, auto");
    term.submit("/effort bogus");
    await term.waitForScreen("Unknown option: bogus. Options: low, medium, high, xhigh, max, auto");
    term.submit("/effort low");
    await term.waitForScreen(
      "Set effort level to low (this session only): Quick, straightforward implementation with minimal overhead",
    );
    term.submit("hi");
    await waitFor(() => server.requests.length === 1);
    await term.waitForScreen("one");
    term.submit("/effort auto");
    await term.waitForScreen("Effort level set to auto");
    term.submit("again");
    await waitFor(() => server.requests.length === 2);
    const efforts = server.requests.map(
      (r) => (r.body as { output_config?: { effort?: string } }).output_config?.effort,
    );
    expect(efforts).toEqual(["low", "medium"]);
  });

  it("says when the requests carry another level than asked: claude-opus-4-6 takes high for xhigh", async () => {
    const box = sandbox();
    const server = await modelServer([]);
    const term = TmuxSession.start({
      dir: box.project,
      env: modelEnv(server, box.home),
      args: ["--model", "claude-opus-4-6"],
    });
    await term.waitForScreen(/^›/m);
    term.submit("/effort xhigh");
    await term.waitForScreen("anthropic/claude-opus-4-6 is asked with high");
    term.submit("/effort");
    await term.waitForScreen("effort: high; options");
  });
});
