import path from "node:path";
import { type ContentViews, ownCommandPrograms, type ReadDigests, scriptsText } from "@codebot/hooks";
import { type ApprovedRun, approvedRun } from "./approved-files.js";
import { grantRunning, realPathOf } from "./grant-runs.js";

/**
 * The grant a settings command needs to run in this project — `statusLine:<command>`,
 * `apiKeyHelper:<command>` — with the content of the project files the command runs
 * (`… (runs node_modules/.bin/x #<digest>)`), as an allow rule's, and the words that run a file
 * by a name worked out as it runs (`… (runs what codebot cannot name: "$root/fmt")`); found as your
 * own hooks' are (ownCommandPrograms). And those files as approved, to be checked before each
 * later run, also when it runs none now: a model's edit, or a program it writes that the command
 * would then run (`npx ccstatusline` once `node_modules/.bin/ccstatusline` exists), must not run
 * unasked.
 */
export function commandGrantRunning(
  key: string,
  command: string,
  projectDir: string | undefined,
  searchPath?: string,
): { grant: string; run?: ApprovedRun; unnamedRuns?: string[] } {
  const grant = `${key}:${command}`;
  if (projectDir === undefined) return { grant };
  const root = realPathOf(projectDir) ?? projectDir;
  const views: ContentViews = new Map();
  // The PATH it runs with: your settings' `env` one when set (`./bin:…` makes a bare name the project's), else codebot's.
  const env = searchPath === undefined ? undefined : { PATH: searchPath };
  const programs = (seen: ContentViews) => ownCommandPrograms(command, root, env, seen);
  const { scripts: runs, unnamedRuns } = programs(views);
  // The digests the grant reads are the approved files' too: each file is read once.
  const read: ReadDigests = new Map();
  const names = runs.map((file) => path.relative(root, file));
  const unnamed =
    unnamedRuns.length === 0 ? "" : ` (runs what codebot cannot name: ${unnamedRuns.join(", ")})`;
  return {
    grant: grantRunning(grant, names, scriptsText(runs, root, views, undefined, read)) + unnamed,
    run: approvedRun(key, runs, () => programs(new Map()).scripts, views, read),
    unnamedRuns,
  };
}

/**
 * Whether the command runs a program of the project (a grant made by commandGrantRunning): a file
 * of it, or one by a name codebot cannot know. Your own command that does waits for approval there.
 */
export function runsProjectPrograms(approved: { run?: ApprovedRun; unnamedRuns?: string[] }): boolean {
  return (approved.run?.files.length ?? 0) > 0 || (approved.unnamedRuns?.length ?? 0) > 0;
}
