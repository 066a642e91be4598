/**
 * `-d, --debug [filter]` and `--debug-file <path>` in claude 2.1.328's forms: a script written for
 * `claude -p --debug` or `claude -p --debug-file f` runs, and codebot's debug lines (hooks) follow
 * the filter.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const HOOK_LINE = /hook UserPromptSubmit "greeter" \(cli: .*s\.json\) · allowed · exit 0 · \d+ ms/;

async function debugRun(args: string[]) {
  const box = sandbox();
  const settings = box.json("s.json", {
    hooks: { UserPromptSubmit: [command("exit 0", { name: "greeter" })] },
  });
  const server = await modelServer([reply.text("ok")]);
  const r = await runCli(["-p", "hi", "--settings", settings, "--cwd", box.project, ...args], {
    env: modelEnv(server, box.home),
  });
  return { r, box };
}

describe("--debug and --debug-file as claude takes them", () => {
  it("--debug with no filter shows the hook lines (every category)", async () => {
    const { r } = await debugRun(["--debug"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("ok\n");
    expect(r.stderr).toMatch(HOOK_LINE);
  });

  it("-d hooks,mcp shows the hook lines", async () => {
    const { r } = await debugRun(["-d", "hooks,mcp"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(HOOK_LINE);
  });

  it("--debug=!hooks leaves the hook lines out; --debug=mcp shows none either", async () => {
    for (const filter of ["--debug=!hooks", "--debug=mcp"]) {
      const { r } = await debugRun([filter]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).not.toMatch(/hook UserPromptSubmit/);
    }
  });

  it("--debug-file writes the lines to the file, plain, and nothing to stderr", async () => {
    const box = sandbox();
    const file = box.at("logs/debug.txt");
    const { r } = await debugRun(["--debug-file", file]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/hook UserPromptSubmit/);
    const written = fs.readFileSync(file, "utf8");
    expect(written).toMatch(HOOK_LINE);
    expect(written).not.toContain("\x1b[");
  });

  it("in an interactive session --debug-file gets the lines, skipped hooks too, and the screen only those that ran", async () => {
    const box = sandbox();
    const settings = box.json("s.json", {
      hooks: {
        UserPromptSubmit: [command("exit 0", { name: "greeter" })],
        PreToolUse: [command("exit 0", { name: "only-bash", matcher: "bash" })],
      },
    });
    const server = await modelServer([reply.toolCall("glob", { pattern: "*" }), reply.text("done")]);
    const file = box.at("debug.txt");
    const r = await runCli(["--settings", settings, "--cwd", box.project, "--debug-file", file], {
      env: modelEnv(server, box.home),
      input: "hi\n",
    });
    expect(r.code, r.stderr).toBe(0);
    const written = fs.readFileSync(file, "utf8");
    expect(written).toMatch(HOOK_LINE);
    expect(written).toMatch(/hook PreToolUse "only-bash" .* · skipped: matcher did not match/);
    expect(r.stdout).not.toContain("only-bash");
  });

  it("a --debug-file that cannot be written is one line before anything runs", async () => {
    const box = sandbox();
    const blocker = box.at("blocker");
    fs.writeFileSync(blocker, "a file, not a folder");
    const { r } = await debugRun(["--debug-file", `${blocker}/debug.txt`]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^codebot: --debug-file .*blocker\/debug\.txt: cannot write to it \(/m);
  });

  it("a --debug-file or --trace-file that is a FIFO is one line before anything runs, not a hang", async () => {
    const box = sandbox();
    const fifo = box.at("trace.fifo");
    execFileSync("mkfifo", [fifo]);
    const server = await modelServer([reply.text("ok")]);
    for (const flag of ["--debug-file", "--trace-file"]) {
      // Killed after 20 s (a start takes well under one): a start waiting for a reader shows as the kill's signal.
      const r = await runCli(["-p", "hi", flag, fifo], {
        env: modelEnv(server, box.home),
        cwd: box.project,
        timeoutMs: 20_000,
      });
      expect(r.signal).toBeNull();
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(
        `codebot: ${flag} ${fifo}: is a FIFO; writing to it would wait whenever no program reads it: name a file\n`,
      );
    }
    expect(server.requests).toEqual([]);
  });

  it("a --debug-file or --trace-file that is a symbolic link in the working folder is refused: the repository's link is not written through", async () => {
    const box = sandbox();
    const target = box.write("../bashrc", "# yours\n");
    fs.symlinkSync(target, box.at("debug.log"));
    const server = await modelServer([reply.text("ok")]);
    for (const flag of ["--debug-file", "--trace-file"]) {
      const r = await runCli(["-p", "hi", flag, "debug.log"], {
        env: modelEnv(server, box.home),
        cwd: box.project,
      });
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(
        `codebot: ${flag} ${box.at("debug.log")}: is a symbolic link (to ${target}); lines would be appended where it points: name the file itself\n`,
      );
    }
    expect(fs.readFileSync(target, "utf8")).toBe("# yours\n");
    expect(server.requests).toEqual([]);
  });

  it("a --debug-file or --trace-file in a folder that is a symbolic link in the working folder is refused: the repository's folder link is not written through", async () => {
    const box = sandbox();
    const elsewhere = path.join(box.home, "elsewhere");
    fs.mkdirSync(elsewhere);
    fs.symlinkSync(elsewhere, box.at("logs"));
    const server = await modelServer([reply.text("ok")]);
    for (const flag of ["--debug-file", "--trace-file"]) {
      const r = await runCli(["-p", "hi", flag, "logs/trace.jsonl"], {
        env: modelEnv(server, box.home),
        cwd: box.project,
      });
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(
        `codebot: ${flag} ${box.at("logs/trace.jsonl")}: its folder ${box.at("logs")} is a symbolic link (to ${elsewhere}); lines would be appended where it points: name a file in a real folder\n`,
      );
    }
    expect(fs.readdirSync(elsewhere)).toEqual([]);
    expect(server.requests).toEqual([]);
  });

  it("--debug-file keeps writing to the file it opened: swapped for a symbolic link mid-session, the link's target gets nothing", async () => {
    const box = sandbox();
    const target = box.write("../target.txt", "# yours\n");
    const settings = box.json("s.json", {
      hooks: {
        UserPromptSubmit: [command(`rm -f debug.log && ln -s '${target}' debug.log`, { name: "swap" })],
      },
    });
    const server = await modelServer([reply.text("ok")]);
    const r = await runCli(["-p", "hi", "--settings", settings, "--debug-file", "debug.log"], {
      env: modelEnv(server, box.home),
      cwd: box.project,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(fs.lstatSync(box.at("debug.log")).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(target, "utf8")).toBe("# yours\n");
  });
});
