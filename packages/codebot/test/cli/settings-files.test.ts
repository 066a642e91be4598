/**
 * Settings files cannot hang or crash codebot (issue 17, item 2): only regular files are read,
 * at most 4 MiB, nesting is limited, a BOM is accepted and a duplicate key is an error naming
 * both places; a `__proto__` key is an error too. Each case runs the built CLI on real files in a
 * project directory.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { command, modelEnv, modelServer, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { cliEnv, expectNoStackTrace, runCli, useBuiltCli } from "./support/cli-process.js";
import { startSession } from "./support/terminal-session.js";

useBuiltCli();

const SETTINGS = ".codebot/settings.json";

/** `hooks validate` in the project, bounded well below what a hang would take. */
function validate(box: Sandbox) {
  return runCli(["hooks", "validate", "--cwd", box.project], { env: cliEnv(box.home), timeoutMs: 30_000 });
}

describe("settings files that are not regular files", () => {
  it("a settings.json symlinked to /dev/zero is refused at once by hooks validate and by -p", async () => {
    const box = sandbox();
    fs.mkdirSync(box.at(".codebot"));
    fs.symlinkSync("/dev/zero", box.at(SETTINGS));
    const checked = await validate(box);
    expect(checked.code).toBe(1);
    expect(checked.stdout).toContain(
      `error: settings: ${box.at(SETTINGS)}: not a regular file (a character device) (layer skipped)`,
    );
    const server = await modelServer([reply.text("never")]);
    const run = await runCli(["-p", "hi", "--cwd", box.project], {
      env: modelEnv(server, box.home),
      timeoutMs: 30_000,
    });
    expect(run.code).not.toBe(0);
    expect(run.signal).toBeNull();
    expect(run.stderr).toContain("not a regular file (a character device)");
    expect(server.requests).toHaveLength(0);
  });

  it("a named pipe nobody writes to does not block the read", async () => {
    const box = sandbox();
    fs.mkdirSync(box.at(".codebot"));
    execFileSync("mkfifo", [box.at(SETTINGS)]);
    const checked = await validate(box);
    expect(checked.code).toBe(1);
    expect(checked.stdout).toContain("not a regular file (a named pipe) (layer skipped)");
  });

  it("a named pipe at the start does not hold the interactive session: it says so and takes a prompt", async () => {
    const box = sandbox();
    fs.mkdirSync(box.at(".claude"));
    execFileSync("mkfifo", [box.at(".claude/settings.json")]);
    const term = await startSession(box, await modelServer([reply.text("answered")]));
    expect(term.screen()).toContain("not a regular file (a named pipe) (layer");
    term.submit("hi");
    await term.waitForScreen(/^answered$/m);
  });

  it("a named pipe a bash call puts in the file's place mid-session: -p says the change is not applied and ends", async () => {
    const box = sandbox();
    const file = box.write(".claude/settings.json", "{}");
    const server = await modelServer([
      reply.toolCall("bash", { command: `rm ${file} && mkfifo ${file} && sleep 2` }, "b1"),
      reply.text("done"),
    ]);
    const run = await runCli(["-p", "hi", "--permission-mode", "bypassPermissions", "--cwd", box.project], {
      env: modelEnv(server, box.home),
      timeoutMs: 60_000,
    });
    expect(run.signal).toBeNull();
    expect(run.stdout).toBe("done\n");
    expect(run.stderr).toContain(
      `${file} changed; not applied, the session keeps the settings it had: settings: ${file}: not a regular file (a named pipe)`,
    );
  });

  it("a folder a bash call puts in the file's place mid-session: -p says the change is not applied and goes on", async () => {
    const box = sandbox();
    const file = box.write(".claude/settings.json", "{}");
    const server = await modelServer([
      reply.toolCall("bash", { command: `rm ${file} && mkdir ${file} && sleep 2` }, "b1"),
      reply.toolCall("bash", { command: "echo still here" }, "b2"),
      reply.text("done"),
    ]);
    const run = await runCli(["-p", "hi", "--permission-mode", "bypassPermissions", "--cwd", box.project], {
      env: modelEnv(server, box.home),
      timeoutMs: 60_000,
    });
    expect(run.stdout).toBe("done\n");
    expect(run.stderr).toContain(
      `${file} changed; not applied, the session keeps the settings it had: settings: ${file}: not a regular file (a directory)`,
    );
  });

  it("a settings.json that is a symbolic link to itself is refused in words, not a bare ELOOP", async () => {
    const box = sandbox();
    fs.mkdirSync(box.at(".codebot"));
    fs.symlinkSync("settings.json", box.at(SETTINGS));
    const checked = await validate(box);
    expect(checked.code).toBe(1);
    expect(checked.stdout).toContain(
      `error: settings: ${box.at(SETTINGS)}: cannot read: its symbolic links loop (ELOOP) (layer skipped)`,
    );
  });
});

describe("settings files under a home that is not a folder", () => {
  it("HOME=/dev/null (as some services run): no user settings file can be there, and -p runs", async () => {
    const box = sandbox();
    const server = await modelServer([reply.text("ran")]);
    const run = await runCli(["-p", "hi", "--cwd", box.project], {
      env: modelEnv(server, box.home, { HOME: "/dev/null" }),
      timeoutMs: 30_000,
    });
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe("ran\n");
    expect(run.code).toBe(0);
  });
});

describe("settings files too big or too deep", () => {
  it("a file over 4 MiB is refused with its size, without being parsed", async () => {
    const box = sandbox();
    box.write(SETTINGS, `{"model": "anthropic/x", "pad": "${"x".repeat(4 * 1024 * 1024)}"}`);
    const checked = await validate(box);
    expect(checked.code).toBe(1);
    expect(checked.stdout).toContain(`${box.at(SETTINGS)}: larger than 4 MiB (4194339 bytes); not read`);
  });

  it("nesting 200 000 levels deep is an error naming the file and place, not a stack overflow", async () => {
    const box = sandbox();
    box.write(SETTINGS, `{\n  "hooks": ${"[".repeat(200_000)}${"]".repeat(200_000)}\n}`);
    const checked = await validate(box);
    expect(checked.code).toBe(1);
    expect(checked.stdout).toContain(
      `error: settings: ${box.at(SETTINGS)}:2:75: nested deeper than 64 levels (layer skipped)`,
    );
    expect(checked.stdout + checked.stderr).not.toContain("Maximum call stack");
    expectNoStackTrace(checked.stderr);
  });
});

describe("settings file text", () => {
  it("a UTF-8 BOM at the start is accepted", async () => {
    const box = sandbox();
    box.write(SETTINGS, `\ufeff${JSON.stringify({ hooks: { Stop: [command("true", { name: "bom" })] } })}`);
    const checked = await validate(box);
    expect(checked.stdout).not.toContain("error:");
    expect(checked.code).toBe(0);
    const listed = await runCli(["hooks", "list", "--cwd", box.project], { env: cliEnv(box.home) });
    expect(listed.stdout).toContain("Stop\n  bom\n");
  });

  it.each([
    ["empty (0 bytes)", ""],
    ["blank", " \n\t\n"],
  ])("an %s settings file is no settings, as in claude: -p runs, validate is clean", async (_name, text) => {
    const box = sandbox();
    box.write(".claude/settings.json", text);
    const checked = await validate(box);
    expect(checked.stdout).not.toContain("error:");
    expect(checked.code).toBe(0);
    const server = await modelServer([reply.text("done")]);
    const run = await runCli(["-p", "hi", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe("done\n");
  });

  it("bytes that are not UTF-8 are an error naming the place and the byte, not a rule silently changed", async () => {
    const box = sandbox();
    const file = box.at(SETTINGS);
    fs.mkdirSync(box.at(".codebot"));
    // A Latin-1 "é" (0xe9) in a deny rule's path: read as U+FFFD, the rule would match nothing.
    fs.writeFileSync(
      file,
      Buffer.concat([
        Buffer.from('{\n  "permissions": { "deny": ["Read(./caf'),
        Buffer.from([0xe9]),
        Buffer.from('/**)"] }\n}\n'),
      ]),
    );
    const checked = await validate(box);
    expect(checked.code).toBe(1);
    expect(checked.stdout).toContain(
      `error: settings: ${file}:2:40: not UTF-8 text (byte 0xe9); save the file as UTF-8 (layer skipped)`,
    );
  });

  it("a U+FFFD the file spells in UTF-8 is text, not an error", async () => {
    const box = sandbox();
    box.write(SETTINGS, JSON.stringify({ env: { MARK: "\ufffd" } }));
    const checked = await validate(box);
    expect(checked.stdout).not.toContain("error:");
    expect(checked.code).toBe(0);
  });

  it("a duplicate key is an error naming both places", async () => {
    const box = sandbox();
    box.write(
      SETTINGS,
      '{\n  "env": { "A": "1" },\n  "hooks": { "Stop": [] },\n  "env": { "PATH": "./bin" }\n}\n',
    );
    const checked = await validate(box);
    expect(checked.code).toBe(1);
    expect(checked.stdout).toContain(
      `error: settings: ${box.at(SETTINGS)}:4:3: duplicate key "env", also at 2:3 (layer skipped)`,
    );
  });

  it('a "__proto__" key is an error naming its place, however its name is escaped', async () => {
    const box = sandbox();
    box.write(
      SETTINGS,
      '{\n  "hooks": { "Stop": [{ "type": "command", "command": "true",\n    "\\u005f_proto__": { "env": { "A": "1" } } }] }\n}\n',
    );
    const checked = await validate(box);
    expect(checked.code).toBe(1);
    expect(checked.stdout).toContain(
      `error: settings: ${box.at(SETTINGS)}:3:5: key "__proto__" is not allowed (JavaScript reads it as the object's prototype) (layer skipped)`,
    );
  });

  it('an approved project hook given fields under "__proto__" (hidden from its fingerprint) does not run them', async () => {
    const box = sandbox();
    const command = 'touch "${MARK:-approved}"';
    box.write(SETTINGS, JSON.stringify({ hooks: { SessionStart: [{ type: "command", command }] } }));
    const trusted = await runCli(["hooks", "trust", "--yes", "--cwd", box.project], {
      env: cliEnv(box.home),
    });
    expect(trusted.code).toBe(0);
    // The same entry plus an env under "__proto__": its own keys, and so its fingerprint, unchanged.
    box.write(
      SETTINGS,
      `{"hooks": {"SessionStart": [{"type": "command", "command": ${JSON.stringify(command)}, "__proto__": {"env": {"MARK": "injected"}}}]}}`,
    );
    const server = await modelServer([reply.text("never")]);
    const run = await runCli(["-p", "hi", "--cwd", box.project], {
      env: modelEnv(server, box.home),
      timeoutMs: 30_000,
    });
    expect(fs.existsSync(box.at("injected"))).toBe(false);
    expect(run.stderr).toContain('key "__proto__" is not allowed');
    expect(run.code).not.toBe(0);
    expect(fs.existsSync(box.at("approved"))).toBe(false);
  });
});
