/**
 * Ctrl+Z and `fg` from an interactive bash (job control, as a user runs codebot): the session
 * comes back as it was — its terminal modes too, which bash changes while it has the terminal.
 */
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { cliPath, useBuiltCli } from "./support/cli-process.js";
import { TmuxSession } from "./support/tmux.js";

useBuiltCli();

/** codebot started from an interactive bash, suspended with Ctrl+Z and brought back with `fg`. */
async function suspendedAndBack(): Promise<{ box: ReturnType<typeof sandbox>; term: TmuxSession }> {
  const box = sandbox();
  const server = await modelServer([]);
  const term = TmuxSession.start({
    dir: box.project,
    env: modelEnv(server, box.home, { PS1: "$ " }),
    args: [],
    program: ["bash", "--norc", "--noprofile", "-i"],
  });
  await term.waitForScreen(/^\$\s*$/m);
  term.submit(`${process.execPath} ${cliPath}`);
  await term.waitForScreen(/^›/m);
  term.press("C-z");
  await term.waitForScreen(/Stopped/);
  term.submit("clear; fg");
  await term.waitForScreen(/^›/m);
  return { box, term };
}

describe("Ctrl+Z, then fg", { timeout: 120_000 }, () => {
  it("a paste after fg is still one prompt: bracketed paste is on again (bash turned it off)", async () => {
    const { box, term } = await suspendedAndBack();
    term.paste(box.write("p.txt", "line one\nline two\nline three"));
    await term.waitForScreen(/^… line three/m);
    expect(term.screen()).not.toContain("(queued");
  });

  it("the status line is under the prompt again without a key pressed", async () => {
    const { term } = await suspendedAndBack();
    await term.waitForScreen(/^›\s*\n.*context 0\/200k/m);
  });
});
