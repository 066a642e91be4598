/**
 * How an approval reads a project file it covers (§8). A file counts by its bytes: any edit asks
 * again. A repository's own git configuration (`.git/config`, read because a command runs git:
 * git-repository-files.ts) counts by what of it can run code only (gitConfigCodeView): git itself
 * writes entries that run nothing there — `git remote add`, `git push -u`'s `branch.<x>.merge`,
 * `git config user.email` — and those must not ask again, while any entry that can run code does.
 * A file is read in a narrower view only when every reference to it reads it so: one a command
 * also runs, or a value names, counts by its bytes.
 */
import fs from "node:fs";
import { gitConfigCodeView } from "./git-config-file.js";

export type ContentView = "bytes" | "git-config-code";

/** The view each covered file is read in; a file not in it is read as bytes. */
export type ContentViews = Map<string, ContentView>;

/** Records that a reference reads `file` in `view`: once any reads it as bytes, it stays bytes. */
export function noteView(views: ContentViews, file: string, view: ContentView): void {
  if (views.get(file) !== "bytes") views.set(file, view);
}

/** What an approval digests of `file` in `view` (throws as fs.readFileSync does, for bytes). */
export function viewedContent(file: string, view: ContentView = "bytes"): Buffer | string {
  return view === "git-config-code" ? gitConfigCodeView(file) : fs.readFileSync(file);
}
