/**
 * A repository unpacked from an archive may bring a `.git` file whose `gitdir:` names another
 * repository on the machine (`gitdir: ../../../../etc/.git`, one of yours): `git log -p` or `git
 * show HEAD:creds.txt` there prints that repository's files. Through the real CLI in `-p`, such a
 * read-only git line is asked about (refused, nobody to ask), and the file never reaches the model.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { modelEnv, modelServer, requestText, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const SECRET = "aws_secret_access_key=9f3aSECRET";

describe("a .git file naming a repository outside the project", () => {
  it("git log -p and git show there are asked about in -p, and the other repository's file is not sent", async () => {
    const box = sandbox();
    const other = path.join(box.home, "private");
    execFileSync("git", ["init", "-q", other]);
    fs.writeFileSync(path.join(other, "creds.txt"), `${SECRET}\n`);
    execFileSync("git", ["-C", other, "add", "."]);
    execFileSync("git", ["-C", other, "-c", "user.name=u", "-c", "user.email=u@x", "commit", "-qm", "c"]);
    box.write("vendor/.git", `gitdir: ${path.relative(box.at("vendor"), path.join(other, ".git"))}\n`);
    const server = await modelServer([
      reply.toolCall("bash", { command: "git -C vendor log -p" }),
      reply.toolCall("bash", { command: "cd vendor && git show HEAD:creds.txt" }),
      reply.text("done"),
    ]);
    const run = await runCli(["-p", "go", "--cwd", box.project], { env: modelEnv(server, box.home) });
    expect(run.code).toBe(0);
    const sent = server.requests.map((request) => requestText(request)).join("\n");
    expect(sent).toContain("permission denied: bash needs approval");
    expect(sent).not.toContain(SECRET);
  });
});
