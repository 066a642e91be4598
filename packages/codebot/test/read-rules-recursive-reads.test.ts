/**
 * A `Read` deny or ask rule also holds for a bash line that reads a whole folder holding a file it
 * covers (`grep -r KEY .`, `cp -r . /tmp/x`, `tar c .`, `find . -exec cat {} +`) or files the line
 * cannot name (`cat $(ls | grep env)`, `ls | xargs cat`): claude 2.1.328 ran each and sent the
 * file's content to the model (recorded). A folder holding no covered file stays silent.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ApprovalEngine } from "../src/approval/approval-engine.js";
import type { AskToolApproval, ToolApprovalRequest } from "../src/approval/approval-types.js";
import { TrustStore } from "../src/approval/trust-store.js";
import { PathPolicy } from "../src/paths/path-policy.js";
import { modeNamed } from "../src/settings/permission-modes.js";
import { bashTool } from "../src/tools/bash-tool.js";
import { ruleOf } from "./support/bash-rules.js";
import { tempDir } from "./support/temp-dirs.js";

function engineWith(rules: { deny?: string[]; ask?: string[] }, ask?: AskToolApproval) {
  const project = tempDir("codebot-recursive-read-");
  fs.writeFileSync(path.join(project, ".env"), "TOKEN=secret\n");
  fs.writeFileSync(path.join(project, "secrets.json"), "{}\n");
  fs.mkdirSync(path.join(project, "src", "deep"), { recursive: true });
  fs.writeFileSync(path.join(project, "src", "a.ts"), "foo\n");
  fs.mkdirSync(path.join(project, "config"));
  fs.writeFileSync(path.join(project, "config", "prod.key"), "k\n");
  fs.mkdirSync(path.join(project, "node_modules", "pkg"), { recursive: true });
  fs.writeFileSync(path.join(project, "node_modules", "pkg", "test.pem"), "p\n");
  const paths = new PathPolicy(project);
  const parse = (texts: string[] = []) => texts.map(ruleOf);
  const engine = new ApprovalEngine({
    mode: modeNamed("bypassPermissions"),
    rules: { allow: [], ask: parse(rules.ask), deny: parse(rules.deny) },
    paths,
    trustStore: new TrustStore(tempDir("codebot-recursive-read-home-"), project),
    ...(ask !== undefined ? { askToolApproval: ask } : {}),
  });
  const bash = bashTool({ paths, env: {} });
  const signal = new AbortController().signal;
  return (command: string) =>
    engine.tools.decide({ id: "c1", name: "bash", args: { command } }, bash, { agentName: "main", signal });
}

const refusal = (rule: string, why: string) => ({
  allowed: false,
  reason: `permission denied: bash is held by the deny rule "${rule}": ${why}, so it needs a yes; nobody can answer in a non-interactive run`,
});

describe("a Read rule and a bash line reading a whole folder", () => {
  it.each([
    ["grep -r TOKEN .", "the command reads every file under the project folder, .env among them"],
    ["grep -R TOKEN", "the command reads every file under the project folder, .env among them"],
    ["rg TOKEN", "the command reads every file under the project folder, .env among them"],
    ["git grep TOKEN", "the command reads every file under the project folder, .env among them"],
    ["cp -r . /tmp/x", "the command reads every file under the project folder, .env among them"],
    ["rsync -a ./ /tmp/x", "the command reads every file under the project folder, .env among them"],
    ["tar c .", "the command reads every file under the project folder, .env among them"],
    ["tar -czf /tmp/x.tgz .", "the command reads every file under the project folder, .env among them"],
    ["zip -r /tmp/x.zip .", "the command reads every file under the project folder, .env among them"],
    ["find . -exec cat {} +", "the command reads every file under the project folder, .env among them"],
    ["find . -type f | xargs cat", "the command reads every file under the project folder, .env among them"],
    ["ls -a | xargs cat", "the command reads files it cannot name, and .env is there to read"],
    ["cat $(ls -a | grep env)", "the command reads files it cannot name, and .env is there to read"],
    ["cat `ls -a | grep env`", "the command reads files it cannot name, and .env is there to read"],
    ["f=.e; cat ${f}nv", "the command reads files it cannot name, and .env is there to read"],
  ])(
    "deny Read(./.env) holds %s for a yes, in bypass mode too (refused with nobody to ask)",
    async (command, why) => {
      const decide = engineWith({ deny: ["Read(./.env)"] });
      expect(await decide(command)).toEqual(refusal("Read(./.env)", why));
    },
  );

  it("cat * names a file the glob matches: refused, as a named file is", async () => {
    const decide = engineWith({ deny: ["Read(./secrets.json)"] });
    expect(await decide("cat *")).toEqual({
      allowed: false,
      reason:
        'permission denied: bash is refused by the deny rule "Read(./secrets.json)": the command names secrets.json',
    });
  });

  it("a folder under a glob rule is walked: grep -r in config finds config/prod.key", async () => {
    const decide = engineWith({ deny: ["Read(./**/*.key)"] });
    expect(await decide("grep -rn k config")).toEqual(
      refusal("Read(./**/*.key)", "the command reads every file under config, config/prod.key among them"),
    );
  });

  it.each([
    "grep -r foo src",
    "grep -rn foo src/deep",
    "rg foo src",
    "cp -r src /tmp/x",
    "tar czf /tmp/x.tgz src",
    "find . -name '*.ts'",
    "find src -exec cat {} +",
    "ls -R .",
    "du -sh .",
    "cat src/*",
    'echo "$(date)" && git log -1 --format=%s',
    "cat $HOME/.bashrc",
    "find . -name '*.tmp' -exec rm {} \\;",
    "rg --files .",
    'cp src/a.ts "$TMPDIR/a.ts"',
    "cat $(pwd)/src/a.ts",
    "jq -n '$ENV' package.json",
    'node "$CLAUDE_PROJECT_DIR/scripts/build.js"',
  ])("stays silent where no covered file is reached: %s", async (command) => {
    const decide = engineWith({ deny: ["Read(./.env)", "Read(./**/*.key)"] });
    expect(await decide(command)).toEqual({ allowed: true });
  });

  it("asks a person, naming the rule and offering no always, and runs the line on a yes", async () => {
    const asked: ToolApprovalRequest[] = [];
    const decide = engineWith({ deny: ["Read(./.env)"] }, async (request) => {
      asked.push(request);
      return "once";
    });
    const verdict = await decide("cp -r . /tmp/backup");
    expect(verdict).toEqual({ allowed: true });
    expect(asked.map((r) => [r.subject, r.ruleReason, r.alwaysRule])).toEqual([
      [
        "cp -r . /tmp/backup",
        'the deny rule "Read(./.env)": the command reads every file under the project folder, .env among them',
        undefined,
      ],
    ]);
  });

  it("a glob rule's files under node_modules do not hold a search of the project, as grep and glob leave them out", async () => {
    const decide = engineWith({ deny: ["Read(./**/*.pem)"] });
    expect(await decide("grep -r foo .")).toEqual({ allowed: true });
  });

  it("a rule on node_modules itself holds a search of the project", async () => {
    const decide = engineWith({ deny: ["Read(./node_modules/**)"] });
    expect(await decide("grep -r foo .")).toEqual(
      refusal(
        "Read(./node_modules/**)",
        "the command reads every file under the project folder, node_modules/pkg among them",
      ),
    );
  });

  it("a rule naming a file that is not there lets a recursive read run", async () => {
    const decide = engineWith({ deny: ["Read(./.env.local)"] });
    expect(await decide("grep -r TOKEN .")).toEqual({ allowed: true });
  });

  it("an ask Read rule makes a recursive read ask (refused with nobody to ask)", async () => {
    const decide = engineWith({ ask: ["Read(./.env)"] });
    const verdict = await decide("grep -r TOKEN .");
    expect(verdict.allowed === false && verdict.reason).toMatch(
      /the ask rule "Read\(\.\/\.env\)" needs a yes/,
    );
  });
});
