import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach } from "vitest";

const created: string[] = [];

afterEach(() => {
  // A CLI in a killed terminal may still be closing its session and writing into the folder:
  // ENOTEMPTY is retried (Node waits 100 ms longer each time) rather than failing the test.
  for (const dir of created.splice(0))
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
});

/** A fresh real directory (symlinks resolved), removed after the test. */
export function tempDir(prefix = "codebot-test-"): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  created.push(dir);
  return dir;
}

/** Writes a file (creating directories) and returns its path. */
export function writeFile(file: string, content: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
}
