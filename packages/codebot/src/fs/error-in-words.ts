/**
 * A file system error's reason in words a user reads ("permission denied"), for the codes a user
 * can act on; undefined for others, which are shown by their system message.
 */
export function errorInWords(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException).code;
  return code === undefined ? undefined : WORDS[code];
}

const WORDS: Record<string, string> = {
  EACCES: "permission denied",
  EPERM: "permission denied",
  ELOOP: "its symbolic links loop",
  ENAMETOOLONG: "its path is too long",
  EIO: "the disk gave an input/output error",
};
