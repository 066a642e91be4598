import os from "node:os";
import path from "node:path";

/** A file as a user writes it: under the project relative to it, under the home folder with `~/`, else absolute. */
export function shownFile(file: string, cwd: string): string {
  const inProject = path.relative(cwd, file);
  if (inProject !== "" && !inProject.startsWith("..") && !path.isAbsolute(inProject)) return inProject;
  const inHome = path.relative(os.homedir(), file);
  if (inHome !== "" && !inHome.startsWith("..") && !path.isAbsolute(inHome)) return `~/${inHome}`;
  return file;
}
