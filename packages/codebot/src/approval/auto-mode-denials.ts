/**
 * claude 2.1.328's denial limits for auto mode (recorded, its binary's `maxConsecutive: 3,
 * maxTotal: 20`): after 3 blocks in a row, or 20 in the session, a block is not final — the call
 * is put to the person, as in `ask` mode (in `-p`, with nobody to ask, it is refused as such:
 * recorded). Any call allowed in auto mode ends a run of blocks (claude's count is reset by every
 * allowed call, recorded: a Read between blocks); reaching the session's limit starts both counts
 * afresh.
 */
export const MOST_BLOCKS_IN_A_ROW = 3;
export const MOST_BLOCKS = 20;

export class ClassifierBlocks {
  private inARow = 0;
  private total = 0;

  /** A call was allowed (by whatever): the run of blocks is over. */
  allowed(): void {
    this.inARow = 0;
  }

  /** Counts a block: what was passed when a limit is reached (the call then goes to the person), else undefined. */
  blocked(): string | undefined {
    this.inARow += 1;
    this.total += 1;
    if (this.total >= MOST_BLOCKS) {
      const total = this.total;
      this.inARow = 0;
      this.total = 0;
      return `${total} actions were blocked this session`;
    }
    if (this.inARow >= MOST_BLOCKS_IN_A_ROW) return `${this.inARow} actions in a row were blocked`;
    return undefined;
  }
}
