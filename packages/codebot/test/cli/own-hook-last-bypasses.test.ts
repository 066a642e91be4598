/**
 * A user's own hook that runs a repository file through a copy written by an option (`curl -o`,
 * `sort -o`; wget reads no `file://`) or by a program codebot cannot read (a script of the user's), or by a name
 * taken from `read`, a glob, the environment, or a `hash -p` value, or found through a relative
 * folder of the `PATH` in the user's own settings' `env`: `-p` holds each, and the nearest harmless
 * hooks still run.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { tempDir } from "../support/temp-dirs.js";
import { command, modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

describe("a user's own hook running a project file by a copy or a name codebot could not follow", () => {
  it("is held by -p, while the nearest harmless hooks run", async () => {
    const box = sandbox();
    const out = tempDir("codebot-cli-bypasses-");
    const program = (rel: string, k: number) => {
      box.write(rel, `#!/bin/sh\necho pwned > pwned-${k}.txt\n`);
      fs.chmodSync(box.at(rel), 0o755);
    };
    const data = (rel: string, k: number) => box.write(rel, `echo pwned > pwned-${k}.txt\n`);
    data("m1", 1);
    data("m3", 3);
    box.write("list4", "m4\n");
    data("m4", 4);
    program("g5/fmt", 5);
    data("s6x", 6);
    data("m7", 7);
    data("m8", 8);
    program("b9/fmt9", 9);
    data("m10", 10);
    program("bin/fmt11", 11);
    const copier = box.write(path.join(box.home, "copy.sh"), 'cat "$1" > "$2"\n');
    const relative = path.relative(path.dirname(box.home), box.at("m7"));
    const bypasses = [
      `curl -so ${out}/y1 file://$PWD/m1; sh ${out}/y1`,
      `sort -o ${out}/y3 m3; sh ${out}/y3`,
      `read f < list4; sh "$f"`,
      `for f in ./g5/*; do "$f"; done`,
      "sh ./s6*",
      `sh "$HOME/../$X7"`,
      `sh "$PWD/m8"`,
      `bash -c 'hash -p "$P9" fmt9; fmt9'`,
      `sh ${copier} m10 ${out}/y10; sh ${out}/y10`,
      "fmt11",
    ];
    const harmless = [
      `curl -so ${out}/kept file://$PWD/m1; echo ran >> harmless.txt`,
      `read f < list4; cat "$f" > /dev/null; echo ran >> harmless.txt`,
      `for f in ./g5/*; do echo "$f" > /dev/null; done; echo ran >> harmless.txt`,
      `sh "$HOME/none.sh" 2> /dev/null; echo ran >> harmless.txt`,
      `sh ${copier} m10 ${out}/kept10; cat ${out}/kept10 > /dev/null; echo ran >> harmless.txt`,
    ];
    box.json(path.join(box.home, "settings.json"), {
      env: { PATH: `./bin:${process.env.PATH}` },
      hooks: { UserPromptSubmit: [...bypasses, ...harmless].map((line) => command(line)) },
    });
    const server = await modelServer([reply.text("one")]);
    const env = modelEnv(server, box.home, { X7: relative, P9: box.at("b9/fmt9") });

    const run = await runCli(["-p", "hi", "--cwd", box.project], { env });

    expect(run.code).toBe(0);
    expect(fs.readdirSync(box.project).filter((name) => name.startsWith("pwned-"))).toEqual([]);
    expect(fs.readFileSync(box.at("harmless.txt"), "utf8")).toBe("ran\n".repeat(harmless.length));
  });
});
