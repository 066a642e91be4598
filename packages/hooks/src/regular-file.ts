import fs from "node:fs";

/** An open regular file: the descriptor to read (the caller closes it) and what fstat said of it. */
export interface RegularFile {
  fd: number;
  stat: fs.Stats;
}

/** What openRegularFile throws for a path that opens but is no regular file; `stat` says what it is. */
export class NotRegularFileError extends Error {
  readonly code = "EINVAL";
  constructor(
    readonly file: string,
    readonly stat: fs.Stats,
  ) {
    super(`not a regular file: ${file}`);
  }
}

/**
 * Opens `file` for reading when it is a regular file, or throws (NotRegularFileError, or the
 * open's own error: ENOENT…). The one way codebot opens a file a repository or the model names:
 * a named pipe put there would hold a plain open or read for ever and a link to `/dev/zero` never
 * ends, so the open never blocks (O_NONBLOCK, which a regular file's reads ignore) and the kind is
 * checked on the descriptor, not on the path, which could be swapped between a stat and a read.
 * `noFollow`: a symlink is refused too (ELOOP), for files codebot itself writes where a link has
 * no business.
 */
export function openRegularFile(file: string, options: { noFollow?: boolean } = {}): RegularFile {
  const { O_RDONLY, O_NONBLOCK, O_NOFOLLOW } = fs.constants;
  const fd = fs.openSync(file, O_RDONLY | O_NONBLOCK | (options.noFollow ? O_NOFOLLOW : 0));
  try {
    const stat = fs.fstatSync(fd);
    if (stat.isFile()) return { fd, stat };
    throw new NotRegularFileError(file, stat);
  } catch (error) {
    fs.closeSync(fd);
    throw error;
  }
}
