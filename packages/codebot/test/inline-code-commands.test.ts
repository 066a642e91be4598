/**
 * Deny and ask rules read the command lines an interpreter's inline code quotes
 * (inline-code-commands.ts): `python3 -c "os.system('rm -rf x')"` is an `rm`.
 */
import { describe, expect, it } from "vitest";
import { allows, denies } from "./support/bash-rules.js";

describe("deny rules and interpreters' inline code", () => {
  it.each([
    `python3 -c "import os; os.system('rm -rf x')"`,
    `python3 -c "import subprocess; subprocess.run(['rm', '-rf', 'x'])"`,
    `python3.12 -c "__import__('os').system('cd /tmp && rm -rf x')"`,
    `node -e "require('child_process').execSync('rm -rf x')"`,
    `perl -e 'system("rm", "-rf", "x")'`,
    `ruby -e 'system("rm -rf x")'`,
    `cd /tmp && python3 -c "import os; os.system('rm -rf x')"`,
    `python3 -Ic "import os; os.system('rm -rf x')"`,
    `python3 -c"import os; os.system('rm -rf x')"`,
    `python3 -W ignore -c "import os; os.system('rm -rf x')"`,
    `perl -le 'system("rm -rf x")'`,
    `node -pe "require('child_process').execSync('rm -rf x')"`,
    `node --eval="require('child_process').execSync('rm -rf x')"`,
    `python3 -c 'import subprocess; subprocess.run(["rm", "-rf", str(p)])'`,
    `python3 -c 'x = ""; import os; os.system("rm -rf x")'`,
  ])("Bash(rm:*) refuses %s", (command) => {
    expect(denies("Bash(rm:*)", command)).toBe(true);
    expect(denies("Bash(rm -rf:*)", command)).toBe(true);
  });

  it("inline code that quotes no denied command runs: python3 -c \"print('hello world')\"", () => {
    expect(denies("Bash(rm:*)", `python3 -c "print('hello world')"`)).toBe(false);
    expect(denies("Bash(rm:*)", `node -e "console.log('it is ' + 'fine')"`)).toBe(false);
  });

  it('code the line does not show may run anything: python3 -c "$C" falls under every deny rule', () => {
    expect(denies("Bash(rm:*)", `C="import os"; python3 -c "$C"`)).toBe(true);
    expect(denies("Bash(rm:*)", `python3 -c "print('$HOME')"`)).toBe(false);
  });

  it("a script file's arguments are not code: python3 x.py 'rm -rf x' is no rm", () => {
    expect(denies("Bash(rm:*)", "python3 x.py 'rm -rf x'")).toBe(false);
    expect(denies("Bash(rm:*)", "python3 x.py -c 'rm -rf x'")).toBe(false);
  });

  it("allow rules are not narrowed by the literals: Bash(python3:*) still allows print('x')", () => {
    expect(allows("Bash(python3:*)", `python3 -c "print('x')"`)).toBe(true);
  });
});
