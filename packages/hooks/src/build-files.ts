/**
 * The project files a build tool reads the commands it runs from (§8): `make` runs the recipes of
 * `GNUmakefile`, `makefile` or `Makefile` (or `-f FILE`, in `-C DIR`); `just`, `rake`, `task`,
 * `gradle`/`./gradlew`, `mvn`/`./mvnw`, `tox`, `nox`, `invoke`, `pre-commit`, `lefthook` their own
 * files (RECIPE_FILES); `npm run x`, `npm test`,
 * `yarn run x`, `pnpm start`… run a script of `package.json`, as their configuration says (`.npmrc`…). Names only, relative to where the
 * command runs. `npx x` runs a package's program, not a script of `package.json` (launched-bins.ts).
 */
import path from "node:path";

const MAKE = new Set(["make", "gmake"]);
/**
 * The files a package manager reads how to run a script from: `package.json`, and its own
 * configuration, which may name the shell it runs (`.npmrc`'s `script-shell=./x.sh`), code each
 * node process loads (`node-options=--require ./x.js`), the package manager's own program (yarn's
 * `yarnPath`, `yarn-path`) or code to preload (`bunfig.toml`).
 */
const PACKAGE_MANAGERS: Readonly<Record<string, readonly string[]>> = {
  npm: ["package.json", ".npmrc"],
  pnpm: ["package.json", ".npmrc", "pnpm-workspace.yaml"],
  yarn: ["package.json", ".npmrc", ".yarnrc", ".yarnrc.yml"],
  bun: ["package.json", ".npmrc", "bunfig.toml"],
};
/** The package managers' configuration files (package-manager-config.ts reads what they name). */
export const PACKAGE_MANAGER_CONFIGS: ReadonlySet<string> = new Set(
  Object.values(PACKAGE_MANAGERS)
    .flat()
    .filter((name) => name !== "package.json"),
);
/** Subcommands that run a `scripts` entry of package.json. */
const RUNS_SCRIPT = new Set([
  "run",
  "run-script",
  "rum",
  "urn",
  "test",
  "t",
  "tst",
  "start",
  "stop",
  "restart",
]);
const MAKEFILES = ["GNUmakefile", "makefile", "Makefile"];
const GRADLE_FILES = [
  "build.gradle",
  "build.gradle.kts",
  "settings.gradle",
  "settings.gradle.kts",
  // Which Gradle the wrapper downloads and runs.
  "gradle/wrapper/gradle-wrapper.properties",
];
const MAVEN_FILES = [
  "pom.xml",
  ".mvn/wrapper/maven-wrapper.properties",
  ".mvn/extensions.xml",
  ".mvn/maven.config",
  ".mvn/jvm.config",
];
/**
 * Tools that read what they run from files of the project, as make does (their default names):
 * recipes, build scripts, the commands of a hook manager's config.
 */
const RECIPE_FILES: Record<string, readonly string[]> = {
  just: ["justfile", "Justfile", ".justfile"],
  rake: ["Rakefile", "rakefile", "Rakefile.rb", "rakefile.rb"],
  task: ["Taskfile.yml", "Taskfile.yaml", "taskfile.yml", "taskfile.yaml"],
  gradle: GRADLE_FILES,
  gradlew: GRADLE_FILES,
  mvn: MAVEN_FILES,
  mvnw: MAVEN_FILES,
  tox: ["tox.ini"],
  nox: ["noxfile.py"],
  invoke: ["tasks.py"],
  inv: ["tasks.py"],
  "pre-commit": [".pre-commit-config.yaml"],
  lefthook: ["lefthook.yml", "lefthook.yaml", ".lefthook.yml"],
};

/** The names of the files `program` (a command's program, by name) reads what it runs from. */
export function buildFileNames(program: string, args: readonly string[]): string[] {
  if (MAKE.has(program)) return makefileNames(args);
  if (Object.hasOwn(RECIPE_FILES, program)) return [...(RECIPE_FILES[program] ?? [])];
  if (Object.hasOwn(PACKAGE_MANAGERS, program)) {
    const subcommand = args.find((a) => !a.startsWith("-"));
    return subcommand !== undefined && RUNS_SCRIPT.has(subcommand)
      ? [...(PACKAGE_MANAGERS[program] ?? [])]
      : [];
  }
  return [];
}

/** `-f FILE`/`--file=FILE`/`--makefile=FILE`, else the default names; each in `-C DIR` when given. */
function makefileNames(args: readonly string[]): string[] {
  const files: string[] = [];
  let dir = ".";
  for (let k = 0; k < args.length; k++) {
    const arg = args[k] as string;
    const value = (short: string, long: string[]) => {
      if (arg === short || long.includes(arg)) return args[++k];
      const glued = long.find((l) => arg.startsWith(`${l}=`));
      if (glued !== undefined) return arg.slice(glued.length + 1);
      return arg.startsWith(short) && arg.length > short.length ? arg.slice(short.length) : undefined;
    };
    const file = value("-f", ["--file", "--makefile"]);
    if (file !== undefined) files.push(file);
    const directory = file === undefined ? value("-C", ["--directory"]) : undefined;
    if (directory !== undefined) dir = path.join(dir, directory);
  }
  return (files.length > 0 ? files : MAKEFILES).map((f) => (path.isAbsolute(f) ? f : path.join(dir, f)));
}
