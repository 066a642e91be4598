import { createHash } from "node:crypto";

/** What an edit's model lacks of the file it edits (Claude Code's Edit result fields). */
export interface EditView {
  /** The model has not seen the whole file as it is now: never read, read in part, or changed since. */
  contentNotInModelContext: boolean;
  /** The file changed on disk since the model last read or wrote it; the edit applied all the same. */
  staleRecovered: boolean;
}

/**
 * What each agent's model has seen of the files it read, wrote or edited — the text's hash, and
 * whether it saw all of it — for the fields claude 2.1.328 adds to an Edit's result (recorded:
 * `contentNotInModelContext` after a read in part or of a file changed since, `staleRecovered`
 * for the latter). Agents are told apart by name: a sub-agent's reads are not the main agent's.
 */
export class ModelFileViews {
  private readonly views = new Map<string, { hash: string; whole: boolean }>();

  /** `agent`'s model now holds `text` of `file`, all of it or (`whole` false) a part. */
  saw(agent: string, file: string, text: string, whole: boolean): void {
    this.views.set(key(agent, file), { hash: hash(text), whole });
  }

  /** A new conversation (`/clear`, `/resume`): its models have seen no file yet. */
  forget(): void {
    this.views.clear();
  }

  /** Before `agent` edits `file`, whose text is now `text`: what its model lacks. */
  beforeEdit(agent: string, file: string, text: string): EditView {
    const view = this.views.get(key(agent, file));
    const staleRecovered = view !== undefined && view.hash !== hash(text);
    return { contentNotInModelContext: view === undefined || !view.whole || staleRecovered, staleRecovered };
  }
}

function key(agent: string, file: string): string {
  return `${agent}\0${file}`;
}

function hash(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
