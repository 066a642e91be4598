/**
 * The session's "changed, not validated yet" mark (PostStopValidation, §9.3), kept on disk beside
 * the transcript as `<session>.unverified`, so a run interrupted before its changes were validated
 * is validated at the next natural stop after `--continue`/`--resume` too. An empty file: its
 * presence is the mark. A file that cannot be written or removed changes nothing in this session.
 */
import fs from "node:fs";

export class ValidationMark {
  /** `persist` false (`--no-session-persistence`): the mark is read, never written or removed. */
  constructor(
    private file: string,
    private readonly storage: { persist?: boolean } = {},
  ) {}

  /** Whether the session at `file` was left with changes not validated. */
  isSet(): boolean {
    return fs.existsSync(this.file);
  }

  set(): void {
    if (this.storage.persist === false) return;
    try {
      fs.writeFileSync(this.file, "");
    } catch {
      // An unrecorded session (its folder could not be made): the mark lives in memory only.
    }
  }

  clear(): void {
    if (this.storage.persist === false) return;
    try {
      fs.rmSync(this.file, { force: true });
    } catch {
      // Its folder read-only since it was set: the changes passed; a resume validates them again.
    }
  }

  /** `/clear`, `/resume`: the mark of another session. */
  switchTo(file: string): void {
    this.file = file;
  }
}
