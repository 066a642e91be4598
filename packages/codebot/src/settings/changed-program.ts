import path from "node:path";
import { type ApprovedRun, changedRun } from "./approved-files.js";

/**
 * Why a program your settings run with no prompt — the statusLine, the apiKeyHelper, an MCP
 * server — is not run again, if it is not: a project file it runs changed since it was approved
 * (the model may have rewritten it), or it would now run one it did not then (`npx x` once the
 * model wrote `node_modules/.bin/x`). Checked before every run: a stat per file while nothing
 * changed. `what` names it: "the statusLine".
 */
export function changedProgram(
  run: ApprovedRun | undefined,
  projectDir: string,
  what: string,
): string | undefined {
  const changed = run && changedRun([run]);
  if (!changed) return undefined;
  const name = path.relative(projectDir, changed.file);
  return run.names.has(changed.file)
    ? `${name} changed since ${what} was approved for this project`
    : `it would now run ${name} from this project, not approved for it`;
}
