/**
 * A deny rule on a path holds whatever way a call names the file: through a symlink the rule names
 * (`.env -> cfg/real.env`, `~/.ssh -> dotfiles/ssh`) or the folder it leads to, from where the
 * shell went with an earlier `cd`, past a `..` the system reads after a link, and, for `Edit`
 * rules, as a file a bash line writes. claude 2.1.328 refused each of these (recorded, `-p`,
 * bypass mode for the bash writes).
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { scratchDir, startSession, toolResultFor } from "./support/e2e.js";

const SECRET = "SECRET=hunter2";

/** The project's `.env` is a symlink to the file holding the secret. */
function linkedEnv(project: string): void {
  fs.mkdirSync(path.join(project, "cfg"));
  fs.writeFileSync(path.join(project, "cfg/real.env"), `${SECRET}\n`);
  fs.symlinkSync("cfg/real.env", path.join(project, ".env"));
}

async function run(
  calls: [string, Record<string, unknown>][],
  setup: (project: string) => void,
  permissions: Record<string, unknown>,
  mode: "acceptEdits" | "bypassPermissions" = "acceptEdits",
  project = scratchDir("codebot-spellings-"),
) {
  setup(project);
  const s = await startSession({
    dirs: { project, home: scratchDir("codebot-spellings-home-") },
    user: { permissions },
    runtime: { permissionMode: mode },
    script: [...calls.map(([name, args], i) => reply.toolCall(name, args, `c${i}`)), reply.text("done")],
  });
  await s.runtime.prompt("go");
  return calls.map((_, i) => toolResultFor(s.model, `c${i}`));
}

describe("a Read deny rule and the ways a call names its file", () => {
  const deny = { deny: ["Read(./.env)"] };

  it("refuses reading .env when .env is a symlink", async () => {
    const [read] = await run([["read", { file_path: ".env" }]], linkedEnv, deny);
    expect(read).toEqual({
      text: 'permission denied: read is refused by the deny rule "Read(./.env)"',
      isError: true,
    });
  });

  it("refuses `cat .env` when .env is a symlink", async () => {
    const [cat] = await run([["bash", { command: "cat .env" }]], linkedEnv, deny);
    expect(cat?.text).toBe(
      'permission denied: bash is refused by the deny rule "Read(./.env)": the command names .env',
    );
  });

  it("leaves .env out of a grep of it when .env is a symlink", async () => {
    const [grep] = await run([["grep", { pattern: "SECRET", path: ".env" }]], linkedEnv, deny);
    expect(grep?.text).not.toContain("hunter2");
    expect(grep?.text).toContain("[1 file not searched: a Read deny or ask rule covers it]");
  });

  it("refuses `cat ../.env` after an earlier `cd src`", async () => {
    const [, cat] = await run(
      [
        ["bash", { command: "cd src" }],
        ["bash", { command: "cat ../.env" }],
      ],
      (project) => {
        fs.mkdirSync(path.join(project, "src"));
        fs.writeFileSync(path.join(project, ".env"), `${SECRET}\n`);
      },
      deny,
    );
    expect(cat?.text).toBe(
      'permission denied: bash is refused by the deny rule "Read(./.env)": the command names .env',
    );
  });

  it("refuses `cat src/l/../.env` where src/l links to a folder beside .env", async () => {
    const [cat] = await run(
      [["bash", { command: "cat src/l/../.env" }]],
      (project) => {
        fs.mkdirSync(path.join(project, "src"));
        fs.mkdirSync(path.join(project, "cfg"));
        fs.symlinkSync("../cfg", path.join(project, "src/l"));
        fs.writeFileSync(path.join(project, ".env"), `${SECRET}\n`);
      },
      deny,
    );
    expect(cat?.isError).toBe(true);
    expect(cat?.text).toMatch(/^permission denied: bash is refused by the deny rule "Read\(\.\/\.env\)"/);
  });
});

describe("a Read rule and the edit tool, whose answer tells whether its text is in the file", () => {
  const plainEnv = (project: string) => fs.writeFileSync(path.join(project, ".env"), `${SECRET}\n`);
  const probe: [string, Record<string, unknown>] = [
    "edit",
    { file_path: ".env", old_string: "SECRET=h", new_string: "SECRET=h" + "x" },
  ];

  it("a deny rule refuses the edit under acceptEdits", async () => {
    const project = scratchDir("codebot-spellings-edit-");
    const [edit] = await run([probe], plainEnv, { deny: ["Read(./.env)"] }, "acceptEdits", project);
    expect(edit).toEqual({
      text: 'permission denied: edit is refused by the deny rule "Read(./.env)": an edit tells whether its old_string is in the file',
      isError: true,
    });
    expect(fs.readFileSync(path.join(project, ".env"), "utf8")).toBe(`${SECRET}\n`);
  });

  it("an ask rule makes the edit ask (refused with nobody to ask)", async () => {
    const project = scratchDir("codebot-spellings-edit-");
    const [edit] = await run([probe], plainEnv, { ask: ["Read(./.env)"] }, "acceptEdits", project);
    expect(edit?.isError).toBe(true);
    expect(edit?.text).toContain('"Read(./.env)"');
    expect(fs.readFileSync(path.join(project, ".env"), "utf8")).toBe(`${SECRET}\n`);
  });
});

describe("a Read rule and the write tool, whose result gives hooks the file's text before it", () => {
  const plainEnv = (project: string) => fs.writeFileSync(path.join(project, ".env"), `${SECRET}\n`);
  const overwrite: [string, Record<string, unknown>] = ["write", { file_path: ".env", content: "X=1\n" }];
  const refusal =
    'permission denied: write is refused by the deny rule "Read(./.env)": a write gives hooks the file\'s text before it';

  it("a deny rule refuses the write in bypass mode, the file kept", async () => {
    const project = scratchDir("codebot-spellings-write-");
    const [write] = await run(
      [overwrite],
      plainEnv,
      { deny: ["Read(./.env)"] },
      "bypassPermissions",
      project,
    );
    expect(write).toEqual({ text: refusal, isError: true });
    expect(fs.readFileSync(path.join(project, ".env"), "utf8")).toBe(`${SECRET}\n`);
  });

  it("a deny rule refuses the write of a file not there yet, as claude 2.1.328 does", async () => {
    const project = scratchDir("codebot-spellings-write-");
    const [write] = await run(
      [overwrite],
      () => {},
      { deny: ["Read(./.env)"] },
      "bypassPermissions",
      project,
    );
    expect(write).toEqual({ text: refusal, isError: true });
    expect(fs.existsSync(path.join(project, ".env"))).toBe(false);
  });

  it("an ask rule makes the write ask (refused with nobody to ask)", async () => {
    const project = scratchDir("codebot-spellings-write-");
    const [write] = await run([overwrite], plainEnv, { ask: ["Read(./.env)"] }, "acceptEdits", project);
    expect(write?.isError).toBe(true);
    expect(write?.text).toContain('"Read(./.env)"');
    expect(fs.readFileSync(path.join(project, ".env"), "utf8")).toBe(`${SECRET}\n`);
  });
});

describe("an Edit deny rule and what a bash line writes", () => {
  let home: string;
  const saved = process.env.HOME;
  beforeEach(() => {
    // `~/` in a rule is the user's home: a scratch one, with `~/.ssh` a symlink as dotfiles keep it.
    home = scratchDir("codebot-spellings-user-");
    fs.mkdirSync(path.join(home, "dotfiles/ssh"), { recursive: true });
    fs.writeFileSync(path.join(home, "dotfiles/ssh/config"), "Host x\n");
    fs.symlinkSync("dotfiles/ssh", path.join(home, ".ssh"));
    process.env.HOME = home;
  });
  afterEach(() => {
    process.env.HOME = saved;
  });
  const deny = { deny: ["Edit(~/.ssh/**)"] };

  it.each([
    "echo key >> ~/.ssh/authorized_keys",
    "cp /dev/null ~/.ssh/authorized_keys",
    "tee -a ~/.ssh/authorized_keys < /dev/null",
    "cd ~ && echo key > .ssh/authorized_keys",
    "echo key >> ~/dotfiles/ssh/authorized_keys",
    "echo key >> $HOME/.ssh/authorized_keys",
  ])("refuses %s in bypass mode", async (command) => {
    const [result] = await run([["bash", { command }]], () => {}, deny, "bypassPermissions");
    expect(result?.text).toMatch(
      /^permission denied: bash is refused by the deny rule "Edit\(~\/\.ssh\/\*\*\)": the command writes /,
    );
    expect(fs.existsSync(path.join(home, "dotfiles/ssh/authorized_keys"))).toBe(false);
  });

  it("still runs a line that only reads there", async () => {
    const [result] = await run(
      [["bash", { command: "cat ~/.ssh/config" }]],
      () => {},
      deny,
      "bypassPermissions",
    );
    expect(result).toEqual({ text: "Host x", isError: false });
  });

  it("refuses the write tool naming the folder ~/.ssh links to", async () => {
    const file = path.join(home, "dotfiles/ssh/authorized_keys");
    const [write] = await run([["write", { file_path: file, content: "key\n" }]], () => {}, {
      ...deny,
      additionalDirectories: [home],
    });
    expect(write?.text).toBe('permission denied: write is refused by the deny rule "Edit(~/.ssh/**)"');
    expect(fs.existsSync(file)).toBe(false);
  });

  it("refuses the write tool naming the home's real path when home is under a symlink", async () => {
    const realHome = scratchDir("codebot-spellings-real-");
    fs.mkdirSync(path.join(realHome, ".ssh"));
    const linkedHome = path.join(scratchDir("codebot-spellings-link-"), "me");
    fs.symlinkSync(realHome, linkedHome);
    process.env.HOME = linkedHome;
    const file = path.join(realHome, ".ssh/authorized_keys");
    const [write] = await run([["write", { file_path: file, content: "key\n" }]], () => {}, {
      ...deny,
      additionalDirectories: [realHome],
    });
    expect(write?.text).toBe('permission denied: write is refused by the deny rule "Edit(~/.ssh/**)"');
    expect(fs.existsSync(file)).toBe(false);
  });
});
