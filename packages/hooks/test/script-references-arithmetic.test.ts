import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { filesRunBy, scriptReferences } from "../src/script-references.js";
import { tempDir } from "./support.js";

/** A project holding `n`, a counter file a hook reads and writes (not executable). */
function counterProject() {
  const dir = tempDir();
  const n = path.join(dir, "n");
  fs.writeFileSync(n, "3\n", { mode: 0o644 });
  return { dir, n };
}

describe("arithmetic in a hook command", () => {
  it("a counter hook that reads and writes `n` with `$((n + 1))` runs no project file", () => {
    const { dir } = counterProject();
    const command = "n=$(cat n 2>/dev/null || echo 0); echo $((n + 1)) > n";
    expect(filesRunBy(command, dir)).toEqual([]);
    expect(scriptReferences(command, dir).unchecked).toEqual([]);
  });

  it("the words of `$(( … ))`, quoted or nested, and of a `(( … ))` command are variables, not programs", () => {
    const { dir } = counterProject();
    expect(filesRunBy('echo "$(( n + 1 ))"', dir)).toEqual([]);
    expect(filesRunBy("echo $(( (n + 1) * 2 ))", dir)).toEqual([]);
    expect(filesRunBy("(( n + 1 )) && echo more", dir)).toEqual([]);
  });

  it("what runs inside or after arithmetic still counts, and `$((…) )` is still a command substitution", () => {
    const { dir, n } = counterProject();
    expect(filesRunBy("echo $(( $(bash n) + 1 ))", dir)).toEqual([n]);
    expect(filesRunBy("echo $((`bash n`))", dir)).toEqual([n]);
    expect(filesRunBy("(( n++ )) && bash n", dir)).toEqual([n]);
    expect(filesRunBy("echo $((bash n) )", dir)).toEqual([n]);
    expect(filesRunBy("((bash n) )", dir)).toEqual([n]);
    expect(scriptReferences("echo $(( ${n} ))", dir).unchecked).toEqual(["${n}"]);
  });

  it("running the data file, by any spelling, still counts", () => {
    const { dir, n } = counterProject();
    for (const command of ["python n", "bash n", "sh n", "source n", ". n", "node n", "cat n | sh", "sh < n"])
      expect(filesRunBy(command, dir), command).toEqual([n]);
    fs.chmodSync(n, 0o755);
    expect(filesRunBy("./n", dir)).toEqual([n]);
  });

  it.each([
    'sh -c "$(cat n)"',
    'bash -c "`cat n`"',
    'eval "$(cat n)"',
    "eval `cat n`",
    "$(cat n)",
    "`cat n`",
    "$(< n)",
    "$(cat n | tr -d x)",
    'python3 -c "$(cat n)"',
    "xargs sh < n",
    "xargs -a n sh",
    "xargs --arg-file=n sh",
    "xargs -0an sh",
    'env -S "$(cat n)"',
    'trap "$(cat n)" EXIT',
    'bash "$(cat n)"',
    "cat n | xargs sh",
  ])("running what the data file holds, `%s`, counts as running it", (command) => {
    const { dir, n } = counterProject();
    expect(filesRunBy(command, dir)).toEqual([n]);
  });

  it.each([
    "cat n | tr x y | sh",
    "cat n | tr x y | sed s/a/b/ | bash",
    "tr x y < n | cat | sh",
    "cat n | tr x y | xargs sh",
    "cat n | tr x y | python3",
    "echo hi | cat n | tr x y | sh",
    "cat n | tr x y | sh -s arg",
    'echo "$(cat n)" | sh',
    'sh -c "$(cat n | tr x y | cat)"',
    "{ cat n; } | sh",
    "(cat n; echo) | sh",
    "if true; then cat n; fi | sh",
    "for f in n; do cat $f; done | sh",
    "cat n | (tr x y) | sh",
  ])(
    "what the data file holds flowing down a pipe chain into a shell, `%s`, counts as running it",
    (command) => {
      const { dir, n } = counterProject();
      expect(filesRunBy(command, dir)).toEqual([n]);
    },
  );

  it.each([
    "source <(cat n)",
    ". <(cat n)",
    "bash <(cat n)",
    "sh <(cat n)",
    "python3 <(cat n)",
    "bash <(cat n | tr x y)",
    "sh < <(cat n)",
    "cat <(cat n) | sh",
    "timeout 5 bash <(cat n) arg",
    "tee >(sh) < n",
    "cat n > >(sh)",
    "cat n | tr x y | tee >(bash) >/dev/null",
  ])("a process substitution running what the data file holds, `%s`, counts as running it", (command) => {
    const { dir, n } = counterProject();
    expect(filesRunBy(command, dir)).toEqual([n]);
  });

  it("what the data file holds used as data runs nothing", () => {
    const { dir } = counterProject();
    for (const command of [
      'echo "$(cat n)"',
      "x=$(cat n)",
      'test "$(cat n)" -gt 2',
      "xargs echo < n",
      "xargs -a n echo",
      "cat n | tr x y | wc -l",
      "cat n | tr x y > out",
      "diff <(cat n) n.bak",
      "cmp <(cat n) <(echo 3)",
      "while read l; do echo $l; done < <(cat n)",
      "cat <(cat n) | wc -l",
      "sh -c 'echo hi' <(cat n)",
      "tee >(wc -l) < n",
      "cat n > >(sh -c 'echo hi')",
    ])
      expect(filesRunBy(command, dir), command).toEqual([]);
  });
});
