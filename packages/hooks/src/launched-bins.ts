/**
 * The project program a package launcher runs (§8): `npx tool`, `bunx tool`, `pnpx tool`,
 * `npm exec tool`, `pnpm exec tool`, `yarn exec tool` run `node_modules/.bin/tool` when the project
 * has it — a file the repository ships or a `git pull` changes, so its content is approved with
 * the hook. A package named with a version or a scope runs the project's copy too when its
 * `node_modules` holds one that fits (`npx -y @acme/srv`, `@acme/srv@^1`: checked with npm 11.19;
 * `tool@latest` too once the repository's version is the registry's latest), the program its
 * manifest's `bin` names (packageBins). Names relative to where the command runs; a package
 * only on the registry or installed globally is not the project's.
 */
import { fileStart } from "./file-start.js";

/** A package spec: `tool`, `tool@1.2`, `@scope/tool`, `@scope/tool@latest` (a path is none). */
const PACKAGE_SPEC = /^(@[^/@\s]+\/[^/@\s]+|[^/@\s.][^/@\s]*)(?:@\S*)?$/;
/** Past this many bytes a package manifest is not read further. */
const MAX_MANIFEST_BYTES = 256 * 1024;

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
    // A path is a program of its own (looked up as one); a package is found in node_modules.
    const name = PACKAGE_SPEC.exec(arg)?.[1];
    if (name === undefined) return [];
    const manifest = `node_modules/${name}/package.json`;
    return name.startsWith("@") ? [manifest] : [`node_modules/.bin/${name}`, manifest];
  }
  return [];
}

/**
 * The programs a launched package's manifest (`node_modules/<name>/package.json`) names in `bin`,
 * relative to its folder: npx runs one of them. Unreadable or without `bin`: none.
 */
export function packageBins(manifest: string): string[] {
  let bin: unknown;
  try {
    bin = (JSON.parse(fileStart(manifest, MAX_MANIFEST_BYTES)) as { bin?: unknown }).bin;
  } catch {
    return [];
  }
  if (typeof bin === "string") return [bin];
  if (bin === null || typeof bin !== "object") return [];
  return Object.values(bin).filter((file): file is string => typeof file === "string");
}
