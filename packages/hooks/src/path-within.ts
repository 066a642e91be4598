import path from "node:path";

/** Whether `target` is `root` itself or below it, by path (symlinks are not resolved). */
export function isWithin(target: string, root: string): boolean {
  const rel = path.relative(root, target);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}
