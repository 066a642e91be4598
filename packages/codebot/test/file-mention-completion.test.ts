/**
 * Tab after `@` in a cloned repository's folder of many symlinks: only the candidates the list can
 * show are looked at for a folder's `/` (a stat each), not every entry of the folder.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, expect, it, vi } from "vitest";
import { completeFileMention } from "../src/cli/interactive/file-mention-completion.js";
import { tempDir } from "./support/temp-dirs.js";

afterEach(() => {
  vi.restoreAllMocks();
});

it("stats at most the first 100 of 2,000 symlinked candidates, marking those that are folders", () => {
  const project = tempDir("codebot-mention-links-");
  fs.mkdirSync(path.join(project, "target"));
  fs.mkdirSync(path.join(project, "many"));
  for (let i = 0; i < 2000; i += 1)
    fs.symlinkSync("../target", path.join(project, "many", `l${String(i).padStart(4, "0")}`));
  const stat = vi.spyOn(fs, "statSync");
  const [hits, typed] = completeFileMention("see @many/l", project);
  expect(typed).toBe("@many/l");
  expect(hits).toHaveLength(2000);
  expect(hits.slice(0, 2)).toEqual(["@many/l0000/", "@many/l0001/"]);
  expect(stat.mock.calls.length).toBeLessThanOrEqual(100);
});
