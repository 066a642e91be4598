import fs from "node:fs";
import path from "node:path";

/**
 * Writes a whole file so that readers (and a crash) see either the old or the new content:
 * a temporary file in the same directory, then a rename over the target. The content may come
 * in pieces, written one after another, for a file too big to hold as one string.
 */
export function writeFileAtomic(
  file: string,
  content: string | Uint8Array | Iterable<string | Uint8Array>,
  mode?: number,
): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Named so that one a kill left behind says whose it is (a file tool's may be in the project).
  const temp = path.join(
    path.dirname(file),
    `.${path.basename(file)}.codebot-${process.pid}-${randomSuffix()}${TEMP_END}`,
  );
  try {
    const fd = fs.openSync(temp, "w", mode);
    try {
      const pieces = typeof content === "string" || content instanceof Uint8Array ? [content] : content;
      for (const piece of pieces) fs.writeFileSync(fd, piece);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temp, file);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
}

const TEMP_END = ".tmp";
/** `.<file>.codebot-<pid>-<random>.tmp`; an older codebot wrote `.<file>.<pid>.<random>.tmp`. */
const TEMP_NAME = /^\..+\.(?:codebot-(\d+)-|(\d+)\.)[0-9a-z]{1,8}\.tmp$/;

/** The pid in the name of one of writeFileAtomic's temporary files; undefined for any other name. */
export function tempFileWriter(name: string): number | undefined {
  const match = TEMP_NAME.exec(name);
  const pid = match?.[1] ?? match?.[2];
  return pid === undefined ? undefined : Number(pid);
}

function randomSuffix(): string {
  return Math.random().toString(36).slice(2, 10);
}
