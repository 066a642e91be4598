/**
 * A `Read` deny or ask rule also holds for a bash line that names a file it covers (best effort:
 * the words and `<` sources the line shows), as it does for grep and glob.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ApprovalEngine } from "../src/approval/approval-engine.js";
import { TrustStore } from "../src/approval/trust-store.js";
import { PathPolicy } from "../src/paths/path-policy.js";
import type { PermissionMode } from "../src/settings/runtime-settings.js";
import { bashTool } from "../src/tools/bash-tool.js";
import { ruleOf } from "./support/bash-rules.js";
import { tempDir } from "./support/temp-dirs.js";

function engineWith(mode: PermissionMode, rules: { deny?: string[]; ask?: string[] }) {
  const project = tempDir("codebot-read-bash-");
  fs.writeFileSync(path.join(project, ".env"), "TOKEN=secret\n");
  fs.writeFileSync(path.join(project, "README.md"), "hi\n");
  const paths = new PathPolicy(project);
  const parse = (texts: string[] = []) => texts.map(ruleOf);
  const engine = new ApprovalEngine({
    mode,
    rules: { allow: [], ask: parse(rules.ask), deny: parse(rules.deny) },
    paths,
    trustStore: new TrustStore(tempDir("codebot-read-bash-home-"), project),
  });
  const bash = bashTool({ paths, env: {} });
  const signal = new AbortController().signal;
  return (command: string) =>
    engine.tools.decide({ id: "c1", name: "bash", args: { command } }, bash, { agentName: "main", signal });
}

describe("a Read rule and the files a bash line names", () => {
  it.each([
    "cat .env",
    "cat ./.env",
    "cat '.env'",
    "cat .\\env",
    "cat < .env",
    "while read l; do echo $l; done <.env",
    "cp .env leak.txt",
    "base64 --input=.env",
    "sh -c 'head -n1 .env'",
    "cat .e*",
    "cat .en?",
    "cd src && cat ../.env",
    // The shell's directory and brace expansion as bash reads them (claude 2.1.328 printed the
    // file for `$PWD`, `${PWD}`, `~+` and `dd if=` in bypass mode, recorded).
    "cat $PWD/.env",
    "cat ${PWD}/.env",
    'cat "$(pwd)/.env"',
    "cat $(pwd)/.env",
    "cat `pwd`/.env",
    "cat ~+/.env",
    "cat .{e,}nv",
    "cat /proc/self/cwd/.env",
    "dd if=.env",
  ])("deny Read(./.env) refuses %s, even in auto mode", async (command) => {
    const decide = engineWith("bypassPermissions", { deny: ["Read(./.env)"] });
    expect(await decide(command)).toEqual({
      allowed: false,
      reason: 'permission denied: bash is refused by the deny rule "Read(./.env)": the command names .env',
    });
  });

  it("deny Read(./.env) refuses cat /proc/self/../self/cwd/.env: /proc/self/cwd is the shell's folder however it is spelled", async () => {
    const decide = engineWith("bypassPermissions", { deny: ["Read(./.env)"] });
    expect(await decide("cat /proc/self/../self/cwd/.env")).toMatchObject({ allowed: false });
  });

  it.each([
    // bash splits the program word: `$IFS` is blanks, a brace list is words (`cat .env`).
    "cat${IFS}.env",
    "cat$IFS.env",
    "{cat,.env}",
    // `$$` is the shell's pid: /proc/$$/root is /, /proc/$$/cwd the shell's folder.
    "cat /proc/$$/root/$PWD/.env",
    "cat /proc/$$/cwd/.env",
  ])("deny Read(./.env) holds %s, whose words bash fills in, while .env is there", async (command) => {
    const decide = engineWith("bypassPermissions", { deny: ["Read(./.env)"] });
    const verdict = await decide(command);
    expect(verdict).toMatchObject({ allowed: false });
    expect(verdict.allowed === false && verdict.reason).toContain('"Read(./.env)"');
  });

  it("a line naming no covered file runs as before", async () => {
    const decide = engineWith("bypassPermissions", { deny: ["Read(./.env)"] });
    expect(await decide("cat README.md && echo env .envrc")).toEqual({ allowed: true });
  });

  it("an ask Read rule makes such a line ask (refused with nobody to ask)", async () => {
    const decide = engineWith("bypassPermissions", { ask: ["Read(./.env)"] });
    const verdict = await decide("grep TOKEN .env");
    expect(verdict).toMatchObject({ allowed: false });
    expect(verdict.allowed === false && verdict.reason).toMatch(
      /the ask rule "Read\(\.\/\.env\)" needs a yes/,
    );
  });
});
