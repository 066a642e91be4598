import fs from "node:fs";
import path from "node:path";
import type { TrustStore } from "../approval/trust-store.js";
import { visible } from "../approval/visible-text.js";
import { writeFileAtomic } from "../fs/atomic-write.js";

/**
 * `/add-dir`'s "remember" (claude 2.1.328's "Yes, and remember this directory"): the folder goes
 * into the project's local settings, `permissions.additionalDirectories`, where claude saves it
 * (`.claude/settings.local.json`; `.codebot/settings.local.json` with `claudeCompat` off), and your
 * answer is the approval such a project entry needs (`directory:<folder>` in the project's trust
 * store), so the next session reaches it without asking. Any other entry in that file (one a
 * cloned repository ships) still waits for your approval. Returns the file written; throws a
 * one-line error, the file left as it was, when it is not a settings object or is a link.
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
  const settings = readSettings(file, shown);
  const permissions = settings.permissions ?? {};
  if (!isObject(permissions))
    throw new Error(
      `not remembered: "permissions" in ${shown} is not an object; the folder is added for this session`,
    );
  const listed = permissions.additionalDirectories ?? [];
  if (!Array.isArray(listed))
    throw new Error(
      `not remembered: "permissions.additionalDirectories" in ${shown} is not a list; the folder is added for this session`,
    );
  if (!listed.includes(folder)) {
    permissions.additionalDirectories = [...listed, folder];
    settings.permissions = permissions;
    writeFileAtomic(file, `${JSON.stringify(settings, null, 2)}\n`);
  }
  trustStore.trustGrants([`directory:${folder}`]);
  return file;
}

function readSettings(file: string, shown: string): Record<string, unknown> {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw new Error(
      `not remembered: ${shown} cannot be read (${(error as Error).message}); the folder is added for this session`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!isObject(parsed))
    throw new Error(`not remembered: ${shown} is not a JSON object; the folder is added for this session`);
  return parsed;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
