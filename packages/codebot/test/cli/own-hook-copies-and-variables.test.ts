/**
 * A user's own hook that runs a repository file by a way other than its own name — a copy made by
 * `cat >`, `tee`, `cp -r` or `dd`, a copy made later in a loop, a name built in `node -e` or
 * `python3 -c` code (or code working a name out: the code is named), a name kept in a variable — is held by `-p` as running the file itself is;
 * the nearest harmless hooks (the copy kept but not run, the variable's file only read) still run.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { tempDir } from "../support/temp-dirs.js";
import { command, modelEnv, modelServer, sandbox } from "./support/cli-fixtures.js";
import { runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

/** Each hook runs project file `nK` (or `bK/fmt`), which would write `pwned-K.txt`. */
function bypasses(out: string): string[] {
  return [
    `cat n1 > ${out}/y1; sh ${out}/y1`,
    `tee ${out}/y2 < n2 > /dev/null; sh ${out}/y2`,
    `cp -r b3 ${out}/b3 && ${out}/b3/fmt`,
    `dd if=n4 of=${out}/y4 2> /dev/null; sh ${out}/y4`,
    `for i in 1 2; do sh ${out}/y5 2> /dev/null; cp n5 ${out}/y5; done`,
    `node -e "require('./n'+'6.js')"`,
    `python3 -c "exec(open('n'+'7').read())"`,
    `f=./n8; sh "$f"`,
    `export F=n9; sh $F`,
    `node -e "require(Buffer.from(process.argv[1], 'base64').toString())" Li9uMTAuanM=`,
    `root=$(pwd); sh "$root/n11"`,
  ];
}

describe("a user's own hook running a copy of a project file, or a name built for it", () => {
  it("is held by -p, naming the project file, while the nearest harmless hooks run", async () => {
    const box = sandbox();
    const out = tempDir("codebot-cli-copies-");
    for (const k of [1, 2, 4, 5, 8, 9, 11]) box.write(`n${k}`, `echo pwned > pwned-${k}.txt\n`);
    box.write("b3/fmt", "#!/bin/sh\necho pwned > pwned-3.txt\n");
    fs.chmodSync(box.at("b3/fmt"), 0o755);
    box.write("n6.js", "require('fs').writeFileSync('pwned-6.txt', 'x')\n");
    box.write("n7", "open('pwned-7.txt', 'w').write('x')\n");
    box.write("n10.js", "require('fs').writeFileSync('pwned-10.txt', 'x')\n");
    const harmless = [
      `cat n1 > ${out}/kept; echo ran >> harmless.txt`,
      `cp -r b3 ${out}/copy-of-b3 && ls ${out}/copy-of-b3 > /dev/null && echo ran >> harmless.txt`,
      `f=./n8; cat "$f" > /dev/null; echo ran >> harmless.txt`,
      `python3 -c "import sys; print('the file: ' + sys.argv[1])" n7 > /dev/null; echo ran >> harmless.txt`,
      `cat n8 | node -e "console.log(require('fs').readFileSync(0, 'utf8').length)" > /dev/null; echo ran >> harmless.txt`,
    ];
    box.json(path.join(box.home, "settings.json"), {
      hooks: { UserPromptSubmit: [...bypasses(out), ...harmless].map((line) => command(line)) },
    });
    const server = await modelServer([reply.text("one")]);

    const run = await runCli(["-p", "hi", "--cwd", box.project], { env: modelEnv(server, box.home) });

    expect(run.code).toBe(0);
    const pwned = fs.readdirSync(box.project).filter((name) => name.startsWith("pwned-"));
    expect(pwned).toEqual([]);
    for (const file of ["n1", "n2", "b3/fmt", "n4", "n5", "n6.js", "n7", "n8", "n9"])
      expect(run.stderr).toContain(`it runs ${file} from this project`);
    expect(run.stderr).toContain(
      `it runs what codebot cannot name, which may be files of this project ("require(Buffer.from(process.argv[1], 'base64').toString())"), not approved for it yet`,
    );
    expect(run.stderr).toContain(
      `it runs what codebot cannot name, which may be files of this project ("$root/n11"), not approved for it yet`,
    );
    expect(fs.readFileSync(box.at("harmless.txt"), "utf8")).toBe("ran\n".repeat(harmless.length));
  });
});
