/**
 * Reads one key from the terminal, without Enter: the answer to a question whose `choices` are
 * single letters. Other keys are ignored; Ctrl+C and Ctrl+D answer `cancel`.
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
