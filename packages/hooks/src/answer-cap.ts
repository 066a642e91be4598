/**
 * How much of a hook's answer is read: a command hook's stdout, an http hook's body. The rest is
 * read and dropped, and the answer counts as cut (its JSON no longer parses: the run fails).
 * claude 2.1.328 reads any size (recorded: a PreToolUse deny padded with 200 MB of spaces held; a
 * 2 MB additionalContext reached the model as a saved file; a Stop block's 2 MB reason went whole).
 * codebot read 1 MiB, so such an answer lost its decision; it reads this much now, and no more, so
 * a hook printing without end cannot fill memory. stderr is only shown: 1 MiB of it is kept.
 */
export const ANSWER_CAP = 32 * 1024 * 1024;

/** ANSWER_CAP as a message says it. */
export const ANSWER_CAP_WORDS = "32 MiB";
