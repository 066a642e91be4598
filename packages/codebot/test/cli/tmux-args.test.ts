/** The command line `--tmux` runs again in the tmux session: less `--tmux`, `-w [name]` and `--cwd <dir>` (tmux-flag.ts). */
import { describe, expect, it } from "vitest";
import { argsInTmux, withClassicTmux } from "../../src/cli/tmux-flag.js";

describe("argsInTmux", () => {
  it("drops --tmux, -w with its name and --cwd with its folder; keeps the rest in order", () => {
    expect(argsInTmux(["-w", "foo", "--tmux", "--model", "sonnet", "--cwd", "x", "fix it"])).toEqual([
      "--model",
      "sonnet",
      "fix it",
    ]);
  });

  it("-w without a name (an option follows) drops -w alone", () => {
    expect(argsInTmux(["-w", "-p", "go", "--tmux"])).toEqual(["-p", "go"]);
  });

  it("drops the = forms and -wNAME", () => {
    expect(argsInTmux(["--worktree=a", "--tmux=classic", "--cwd=d", "-wb", "-p", "go"])).toEqual([
      "-p",
      "go",
    ]);
  });

  it("leaves everything after -- as it is", () => {
    expect(argsInTmux(["-w", "a", "--tmux", "--", "--tmux", "-w"])).toEqual(["--", "--tmux", "-w"]);
  });
});

describe("withClassicTmux", () => {
  it("reads --tmux=classic as --tmux, and leaves words after -- alone", () => {
    expect(withClassicTmux(["-w", "--tmux=classic", "--", "--tmux=x"])).toEqual([
      "-w",
      "--tmux",
      "--",
      "--tmux=x",
    ]);
  });
});
