import path from "node:path";
import { type ContentViews, filesRunBy, scriptsText } from "@codebot/hooks";
import { type ApprovedRun, approvedRun } from "./approved-files.js";
import { grantRunning, realPathOf } from "./grant-runs.js";

/**
 * The grant a settings command needs to run in this project — `statusLine:<command>`,
 * `apiKeyHelper:<command>` — with the content of the project files the command runs
 * (`… (runs node_modules/.bin/x #<digest>)`), as an allow rule's; and those files as approved,
 * to be checked before each later run (a model's edit must not run unasked).
 */
export function commandGrantRunning(
  key: string,
  command: string,
  projectDir: string | undefined,
): { grant: string; run?: ApprovedRun } {
  const grant = `${key}:${command}`;
  if (projectDir === undefined) return { grant };
  const root = realPathOf(projectDir) ?? projectDir;
  const views: ContentViews = new Map();
  const runs = filesRunBy(command, root, views);
  const names = runs.map((file) => path.relative(root, file));
  return {
    grant: grantRunning(grant, names, scriptsText(runs, root, views)),
    run: approvedRun(key, runs, () => filesRunBy(command, root), views),
  };
}

/** Whether the command runs any file of the project (a grant made by commandGrantRunning). */
export function runsProjectFiles(approved: { run?: ApprovedRun }): boolean {
  return (approved.run?.files.length ?? 0) > 0;
}
