import type { WrapperSyntax } from "@codebot/hooks";

/**
 * Package runners run a program by name, one on PATH when no package provides it (`npx rm x` runs
 * /bin/rm; checked with npm 11), and `npx -c 'cmd'` / `npm exec -c` a command line. Read like
 * wrappers (command-wrapper-table.ts) by deny and ask rules only, as environment managers are:
 * what they run needs no allow rule of its own (`Bash(npx vitest:*)` allows `npx vitest run`, as
 * in Claude Code), though a `-c` command line does. Not in the shared table: hook consent reads
 * them as launchers of the project's `node_modules/.bin` programs (launched-bins.ts).
 */
const NPX: WrapperSyntax = {
  valued: ["-p", "--package", "-w", "--workspace", "--prefix", "--userconfig"],
  commandLine: ["-c", "--call"],
};

const RUNNERS: Readonly<Record<string, WrapperSyntax>> = {
  npx: NPX,
  pnpx: NPX,
  bunx: { valued: ["-p", "--package"] },
  npm: { ...NPX, valued: [...(NPX.valued ?? []), "-C"], operands: 1, subcommands: ["exec", "x"] },
  pnpm: { valued: ["-C", "--dir", "-F", "--filter"], operands: 1, subcommands: ["exec", "dlx"] },
  yarn: { valued: ["--cwd"], operands: 1, subcommands: ["exec", "dlx"] },
  bun: { valued: ["--cwd"], operands: 1, subcommands: ["x"] },
};

/** The package runner a program name (its last path part) names, if any. */
export function packageRunnerNamed(name: string): WrapperSyntax | undefined {
  return Object.hasOwn(RUNNERS, name) ? RUNNERS[name] : undefined;
}
