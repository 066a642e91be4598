import fs from "node:fs";
import path from "node:path";

/** Past this many symlinks followed, the rest of the chain is left out (the system gives up at 40). */
const MAX_HOPS = 40;

/**
 * Every absolute path the file `input` (from `base`) is reached by: as written (`..` taken
 * lexically), and each path met while the system follows it — at every symlink, the path up to
 * that link with the rest appended, then the real path (a `..` after a link leaving the folder it
 * points to, as the system reads it). A deny or ask rule naming any of them covers the file, as in
 * claude 2.1.328 (recorded: `Read(./.env)` refused reading `.env`, a symlink to `cfg/real.env`):
 * a rule names a file the way you do, a symlink (`.env -> .env.local`, `~/.ssh -> dotfiles/ssh`)
 * included.
 */
export function pathSpellings(base: string, input: string): string[] {
  // Not path.join: it would take `..` lexically, and the system reads `l/../x` past the link.
  const abs = path.isAbsolute(input) ? input : `${base}${path.sep}${input}`;
  return [...new Set([path.resolve(abs), ...followed(abs)])];
}

/** The paths met while the system follows `abs` (absolute, `..` as written), the last one real. */
function followed(abs: string): string[] {
  const met: string[] = [];
  let pending = abs;
  for (let hops = 0; hops <= MAX_HOPS; hops++) {
    const parts = pending.split(path.sep);
    let prefix = path.parse(pending).root;
    let link: { at: string; target: string; rest: string[] } | undefined;
    for (let i = 0; i < parts.length && link === undefined; i++) {
      const part = parts[i] as string;
      if (part === "" || part === ".") continue;
      if (part === "..") {
        prefix = path.dirname(prefix);
        continue;
      }
      const here = path.join(prefix, part);
      const rest = parts.slice(i + 1);
      let target: string | undefined;
      try {
        target = fs.lstatSync(here).isSymbolicLink() ? fs.readlinkSync(here) : undefined;
      } catch {
        // Missing from here on (a file to create): the rest is as written.
        met.push(path.join(here, ...rest));
        return met;
      }
      if (target === undefined) prefix = here;
      else link = { at: here, target, rest };
    }
    if (link === undefined) {
      met.push(prefix);
      return met;
    }
    met.push(path.join(link.at, ...link.rest));
    pending = [path.resolve(path.dirname(link.at), link.target), ...link.rest].join(path.sep);
  }
  return met;
}

/**
 * For a search of `input` (from `base`; `real` once resolved): the paths each file found under it
 * is named by, the search's own path as written and through its symlinks leading to the file
 * (`grep SECRET .env` with `.env` a symlink searches what `Read(./.env)` keeps out).
 */
export function spellingsUnder(base: string, input: string, real: string): (file: string) => string[] {
  const roots = pathSpellings(base, input);
  return (file) => {
    const rel = path.relative(real, file);
    return roots.map((root) => path.join(root, rel));
  };
}
