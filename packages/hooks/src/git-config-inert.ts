/**
 * The git configuration entries that run nothing (§8): those `git init`, `git clone`, `git remote`,
 * `git branch -u`, `git push -u`, `git config user.*` and `git submodule` write. Every other entry
 * may run code, failing closed: a repository's `.git/config` counts as a program of the project
 * when it holds one (git-repository-files.ts), and an approval covers those entries only
 * (git-config-file.ts, gitConfigCodeView) — one classification for both.
 */

/** `section.*.key` stands for any subsection. */
const INERT_KEYS = new Set([
  "core.repositoryformatversion",
  "core.filemode",
  "core.bare",
  "core.logallrefupdates",
  "core.ignorecase",
  "core.precomposeunicode",
  "core.symlinks",
  "core.autocrlf",
  "core.eol",
  "core.safecrlf",
  "core.sparsecheckout",
  "core.sparsecheckoutcone",
  "core.untrackedcache",
  "core.splitindex",
  "core.commitgraph",
  "core.multipackindex",
  "core.longpaths",
  "extensions.objectformat",
  "extensions.refstorage",
  "extensions.worktreeconfig",
  "index.version",
  "init.defaultbranch",
  "user.name",
  "user.email",
  "pull.rebase",
  "pull.ff",
  "push.default",
  "fetch.prune",
  "remote.*.url",
  "remote.*.pushurl",
  "remote.*.fetch",
  "remote.*.push",
  "remote.*.tagopt",
  "remote.*.prune",
  "remote.*.mirror",
  "branch.*.remote",
  "branch.*.merge",
  "branch.*.rebase",
  "branch.*.pushremote",
  "branch.*.description",
  "submodule.*.url",
  "submodule.*.active",
  "lfs.repositoryformatversion",
]);

/** Whether git's entry `key` (`section[.subsection].name`) is one that runs nothing. */
export function runsNothing(key: string): boolean {
  return INERT_KEYS.has(genericKey(key));
}

/** `remote.origin.url` → `remote.*.url`; `core.FileMode` → `core.filemode`. */
function genericKey(key: string): string {
  const first = key.indexOf(".");
  const last = key.lastIndexOf(".");
  const section = key.slice(0, first).toLowerCase();
  const name = key.slice(last + 1).toLowerCase();
  return first === last ? `${section}.${name}` : `${section}.*.${name}`;
}
