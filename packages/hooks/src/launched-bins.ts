/**
 * The project program a package launcher runs (§8): `npx tool`, `bunx tool`, `pnpx tool`,
 * `npm exec tool`, `pnpm exec tool`, `yarn exec tool` run `node_modules/.bin/tool` when the project
 * has it — a file the repository ships or a `git pull` changes, so its content is approved with
 * the hook. Names only, relative to where the command runs; a package only on the registry or
 * installed globally is not the project's.
 */

const LAUNCHERS = new Set(["npx", "bunx", "pnpx"]);
const EXEC_SUBCOMMAND = new Set(["npm", "pnpm", "yarn", "bun"]);
/** Launcher options whose value is a package to install, not the program: `npx -p pkg tool`. */
const PACKAGE_OPTIONS = new Set(["-p", "--package"]);

/** `node_modules/.bin/<name>` for the program `program` (by name) launches, if it is a launcher. */
export function launchedBinNames(program: string, args: readonly string[]): string[] {
  let from = 0;
  if (EXEC_SUBCOMMAND.has(program)) {
    const subcommand = args.findIndex((a) => !a.startsWith("-"));
    const name = args[subcommand];
    if (name !== "exec" && !(program === "bun" && name === "x")) return [];
    from = subcommand + 1;
  } else if (!LAUNCHERS.has(program)) return [];
  for (let k = from; k < args.length; k++) {
    const arg = args[k] as string;
    if (arg === "--") continue;
    if (PACKAGE_OPTIONS.has(arg)) {
      k++;
      continue;
    }
    if (arg.startsWith("-")) continue;
    // A path is a program of its own (looked up as one); a bare name is found in node_modules/.bin.
    return arg.includes("/") ? [] : [`node_modules/.bin/${arg}`];
  }
  return [];
}
