/**
 * A prompt is one argument: unquoted words past it are refused in one line showing it quoted, and
 * a first word one letter off a command (`hook`) names that command too.
 */
import { describe, expect, it } from "vitest";
import { sandbox } from "./support/cli-fixtures.js";
import { cliEnv, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

async function run(args: string[]) {
  const box = sandbox();
  return runCli([...args, "--cwd", box.project], { env: cliEnv(box.home), devNullStdin: true });
}

describe("a prompt of several unquoted words", () => {
  it("-p fix the tests: refused, showing the prompt quoted (claude 2.1.328 sent 'fix' alone)", async () => {
    const r = await run(["-p", "fix", "the", "tests"]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({
      code: 1,
      stderr: 'codebot: the prompt is one argument: quote it, codebot -p "fix the tests"\n',
    });
  });

  it("hook list: the command it is one letter off is named too", async () => {
    const r = await run(["hook", "list"]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({
      code: 1,
      stderr:
        'codebot: the prompt is one argument: quote it, codebot "hook list", or the command codebot hooks list\n',
    });
  });
});
