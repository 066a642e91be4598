import fs from "node:fs";
import path from "node:path";
import type { TrustStore } from "../approval/trust-store.js";
import { visible } from "../approval/visible-text.js";
import { editSettingsFile, writeSettingsValue } from "../settings/settings-file-edit.js";

/**
 * `/add-dir`'s "remember" (claude 2.1.328's "Yes, and remember this directory"): the folder goes
 * into the project's local settings, `permissions.additionalDirectories`, where claude saves it
 * (`.claude/settings.local.json`; `.codebot/settings.local.json` with `claudeCompat` off), and your
 * answer is the approval such a project entry needs (`directory:<folder>` in the project's trust
 * store), so the next session reaches it without asking. Any other entry in that file (one a
 * cloned repository ships) still waits for your approval. The file keeps its other keys, comments
 * and permissions. Returns the file written; throws a one-line error, the file left as it was,
 * when it is not a settings object, is a link or a FIFO, or cannot be written.
 */
export function rememberDirectory(
  folder: string,
  project: string,
  claudeCompat: boolean,
  trustStore: Pick<TrustStore, "trustGrants">,
): string {
  const dir = path.join(project, claudeCompat ? ".claude" : ".codebot");
  const file = path.join(dir, "settings.local.json");
  const shown = visible(file);
  // A repository's link would have the file written where it points (outside the project).
  for (const p of [dir, file])
    if (fs.lstatSync(p, { throwIfNoEntry: false })?.isSymbolicLink())
      throw new Error(
        `not remembered: ${visible(p)} is a symbolic link; the folder is added for this session`,
      );
  const notRemembered = (why: string) =>
    new Error(`not remembered: ${why}; the folder is added for this session`);
  let problem: string | undefined;
  try {
    problem = editSettingsFile(file, (edit) => {
      const permissions = edit.settings.permissions ?? {};
      if (!isObject(permissions)) return `"permissions" in ${shown} is not an object`;
      const listed = permissions.additionalDirectories ?? [];
      if (!Array.isArray(listed)) return `"permissions.additionalDirectories" in ${shown} is not a list`;
      if (!listed.includes(folder))
        writeSettingsValue(edit, ["permissions", "additionalDirectories"], [...listed, folder]);
      return undefined;
    });
  } catch (error) {
    problem = `${shown}: ${(error as Error).message}`;
  }
  if (problem !== undefined) throw notRemembered(problem);
  try {
    trustStore.trustGrants([`directory:${folder}`]);
  } catch (error) {
    // The entry is written but not approved: the next session asks about it, as about a repository's.
    throw new Error(
      `${shown} lists the folder, but your approval is not saved (${(error as Error).message}): the next session asks about it; the folder is added for this session`,
    );
  }
  return file;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
