import { describe, expect, it } from "vitest";
import { scriptReferences } from "../src/script-references.js";
import { tempDir } from "./support.js";

const unnamedRuns = (command: string) => scriptReferences(command, tempDir()).unnamedRuns;

describe("inline code that may run a file by a name it works out", () => {
  it.each([
    [`node -e "require('./' + process.argv[1])" n`, `"require('./' + process.argv[1])"`],
    [`node -e "import(x)"`, `"import(x)"`],
    [
      `node -p "eval(require('fs').readFileSync(0, 'utf8'))"`,
      `"eval(require('fs').readFileSync(0, 'utf8'))"`,
    ],
    [
      `python3 -c "exec(open(bytes.fromhex('6e').decode()).read())"`,
      `"exec(open(bytes.fromhex('6e').decode()).read())"`,
    ],
    [`python3 -c "import runpy; runpy.run_path('n' * 1)"`, `"import runpy; runpy.run_path('n' * 1)"`],
    [`python3 -c "import os; os.system(os.listdir('.')[0])"`, `"import os; os.system(os.listdir('.')[0])"`],
    [`perl -e 'do $ARGV[0]' n`, `'do $ARGV[0]'`],
    [`ruby -e 'load ARGV[0]' n`, `'load ARGV[0]'`],
    [`php -r 'include $argv[1];' n`, `'include $argv[1];'`],
  ])("%s counts as running a project file codebot cannot name", (command, code) => {
    expect(unnamedRuns(command)).toEqual([code]);
  });

  it("code read from a here-document counts as -c code does", () => {
    expect(unnamedRuns("python3 <<'EOF'\nexec(open(name).read())\nEOF")).toHaveLength(1);
  });

  it.each([
    `node -e "console.log(JSON.parse(require('fs').readFileSync(0, 'utf8')).tool_input.file_path)"`,
    `python3 -c "import json,sys; print(json.load(sys.stdin)['tool_input']['file_path'])"`,
    `perl -pe 's/a/b/' x`,
    `ruby -e "require 'json'; puts JSON.parse(STDIN.read)['x']"`,
    `sh -c 'eval "$1"' sh 'echo hi'`,
  ])("%s only reads what it is given: nothing it cannot name", (command) => {
    expect(unnamedRuns(command)).toEqual([]);
  });
});
