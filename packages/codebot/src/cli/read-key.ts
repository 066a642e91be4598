/**
 * Reads one key from the terminal, without Enter: the answer to a question whose `choices` are
 * single letters. Other keys are ignored; Ctrl+C, Ctrl+D and Esc answer `cancel` (Esc alone: an
 * arrow key also starts with ESC, but arrives in one chunk with the rest of its sequence).
 */
export function readKey<T extends string>(choices: Readonly<Record<string, T>>, cancel: T): Promise<T> {
  const stdin = process.stdin;
  return new Promise((resolve) => {
    const finish = (answer: T) => {
      stdin.off("data", onData);
      stdin.setRawMode?.(false);
      stdin.pause();
      resolve(answer);
    };
    const onData = (data: Buffer) => {
      if (data.toString("utf8") === "\u001b") return finish(cancel);
      for (const char of data.toString("utf8")) {
        if (char === "\u0003" || char === "\u0004") return finish(cancel);
        const choice = choices[char.toLowerCase()];
        if (choice !== undefined) return finish(choice);
      }
    };
    stdin.setRawMode?.(true);
    stdin.resume();
    stdin.on("data", onData);
  });
}

/**
 * The `trust` commands' confirmation: with `--yes` it is given; otherwise one key on a terminal
 * (`y`/`n`), and without a terminal it is refused with a hint. Says why when not confirmed.
 */
export async function confirmApproval(yes: boolean): Promise<boolean> {
  if (yes) return true;
  if (!process.stdin.isTTY) {
    process.stderr.write("codebot: not approved: stdin is not a terminal; pass --yes to approve them\n");
    return false;
  }
  process.stdout.write("approve them? [y/n] ");
  const answer = await readKey({ y: "yes", n: "no" }, "no");
  process.stdout.write(`${answer}\n`);
  if (answer !== "yes") process.stdout.write("nothing approved\n");
  return answer === "yes";
}
