/**
 * The project files a test runner or build tool runs that its command does not name (§8):
 * `pytest` (`py.test`, `python3 -m pytest`, behind `uv run`/`poetry run`) imports every
 * `conftest.py` below where it runs and the plugins `-p name` names, on its command line or in
 * its configuration (`pytest.ini`, `.pytest.ini`, `pyproject.toml`, `tox.ini`, `setup.cfg`:
 * `addopts`), which counts too; `cargo` compiles and runs each `build.rs` below where it runs (and
 * the build script a manifest's `build = "…"` names instead) and reads how to build and run from
 * every `Cargo.toml` below (a workspace member's too), `.cargo/config.toml` (`runner`, `rustc-wrapper`,
 * `[alias]`; also in the folders above, up to the project) — with the project programs it names —
 * and `rust-toolchain.toml`. The trees
 * are walked as tree-files.ts says (capped, sorted).
 */
import path from "node:path";
import { fileStart } from "./file-start.js";
import { pythonModuleNames } from "./interpreter-files.js";
import { isWithin } from "./path-within.js";
import { statPath } from "./recorded-reads.js";
import { treeFiles } from "./tree-files.js";

const PYTEST_CONFIGS = ["pytest.ini", ".pytest.ini", "pyproject.toml", "tox.ini", "setup.cfg"];
/** Not `Cargo.lock`: cargo rewrites it as it builds, and a hook would ask again after each run. */
const CARGO_FILES = ["Cargo.toml", "rust-toolchain.toml", "rust-toolchain"];
const CARGO_CONFIGS = [".cargo/config.toml", ".cargo/config"];
/** `-p name`, `-pname`: a plugin pytest imports, on the command line or in `addopts`. */
const PYTEST_PLUGIN = /(?:^|\s)-p\s*([A-Za-z_][\w.]*)/g;

/**
 * The existing project files `program` (by name, with its arguments) runs this way, from each of
 * `dirs` (the places the command may be), inside `root`.
 */
export function runnerFiles(
  program: string,
  args: readonly string[],
  dirs: readonly string[],
  root: string,
): string[] {
  const runner = runnerOf(program, args);
  if (runner === undefined) return [];
  const files = dirs
    .filter((dir) => isWithin(dir, root))
    .flatMap((dir) => (runner === "pytest" ? pytestFiles(args, dir) : cargoFiles(dir, root)));
  return files.filter((file, i) => files.indexOf(file) === i);
}

function runnerOf(program: string, args: readonly string[]): "pytest" | "cargo" | undefined {
  if (program === "pytest" || program === "py.test") return "pytest";
  if (program === "cargo") return "cargo";
  if (/^python[\d.]*$/.test(program)) {
    const m = args.findIndex((a) => a === "-m" || a.startsWith("-m"));
    const module = args[m] === "-m" ? args[m + 1] : args[m]?.slice(2);
    if (module === "pytest") return "pytest";
  }
  return undefined;
}

function pytestFiles(args: readonly string[], dir: string): string[] {
  const configs = existing(dir, PYTEST_CONFIGS);
  const text = [args.join(" "), ...configs.map(readText)].join("\n");
  const plugins = [...text.matchAll(PYTEST_PLUGIN)].flatMap(([, module]) =>
    existing(dir, pythonModuleNames(module as string)),
  );
  return [...configs, ...treeFiles(dir, "conftest.py"), ...plugins];
}

function cargoFiles(dir: string, root: string): string[] {
  const configs: string[] = [];
  // cargo reads `.cargo/config.toml` in the folder it runs in and every folder above it.
  for (let at = dir; isWithin(at, root); at = path.dirname(at)) {
    configs.push(...existing(at, CARGO_CONFIGS));
    if (at === root) break;
  }
  const programs = configs.flatMap((config) => cargoConfigPrograms(config, root));
  const manifests = treeFiles(dir, "Cargo.toml");
  const buildScripts = manifests.flatMap((manifest) => namedBuildScripts(manifest, root));
  return [
    ...existing(dir, CARGO_FILES),
    ...configs,
    ...programs,
    ...treeFiles(dir, "build.rs"),
    ...manifests,
    ...buildScripts,
  ];
}

/** `build = "tools/gen.rs"` (in `[package]`; any such line counts, failing closed). */
const CARGO_BUILD_SCRIPT = /^\s*build\s*=\s*(["'])(.*?)\1/gm;

/** The project build script a manifest names in place of `build.rs`, from the manifest's folder. */
function namedBuildScripts(manifest: string, root: string): string[] {
  return [...readText(manifest).matchAll(CARGO_BUILD_SCRIPT)]
    .map(([, , value]) => path.resolve(path.dirname(manifest), value as string))
    .filter((file) => isWithin(file, root) && isFile(file));
}

/** `runner = "./run.sh"`, `linker = […]`, `rustc-wrapper = …`, also under `[target.…]` or dotted. */
const CARGO_PROGRAM =
  /^\s*(?:\S+\.)?(?:runner|linker|rustc-wrapper|rustc-workspace-wrapper|rustc|rustdoc)\s*=\s*\[?\s*(["'])(.*?)\1/gm;

/**
 * The project programs a cargo configuration names: cargo runs them (a test binary through its
 * `runner`), so their content counts, not only the line naming them. A path with a `/` is taken
 * from the folder holding `.cargo/`, as cargo does; a bare name is looked up on PATH (not the project's).
 */
function cargoConfigPrograms(config: string, root: string): string[] {
  const base = path.dirname(path.dirname(config));
  return [...readText(config).matchAll(CARGO_PROGRAM)]
    .map(([, , value]) => value as string)
    .filter((value) => value.includes("/"))
    .map((value) => path.resolve(base, value))
    .filter((file) => isWithin(file, root) && isFile(file));
}

function existing(dir: string, names: readonly string[]): string[] {
  return names.map((name) => path.join(dir, name)).filter(isFile);
}

function isFile(file: string): boolean {
  return statPath(file)?.isFile() === true;
}

/** A configuration file's first 64 KiB: where its `addopts`, a cargo `runner` are. */
function readText(file: string): string {
  return fileStart(file, 64 * 1024);
}
