/**
 * The other ways a deny or ask rule (or a hook's `if`) must recognise one simple command: bash
 * runs `rm`, `'rm'`, `"rm"`, `\rm` and `r''m` alike, so `Bash(rm:*)` must catch each. Returns the
 * command as written, then with the quotes and backslashes of its command word removed, then with
 * those of every word removed. Allow rules do not use this: they match the command only as written,
 * so an odd spelling asks (the safe side).
 */
export function commandSpellings(text: string): string[] {
  const words = splitWords(text);
  const first = words[0];
  if (first === undefined) return [text];
  const commandWord = [unquote(first), ...words.slice(1)].join(" ");
  const everyWord = words.map(unquote).join(" ");
  return [...new Set([text, commandWord, everyWord])];
}

/** The words of a simple command, quotes and backslashes kept. */
function splitWords(text: string): string[] {
  const words: string[] = [];
  let word = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (/\s/.test(c)) {
      if (word !== "") words.push(word);
      word = "";
    } else if (c === "\\") {
      word += text.slice(i, i + 2);
      i++;
    } else if (c === "'" || c === '"') {
      const end = quoteEnd(text, i);
      word += text.slice(i, end + 1);
      i = end;
    } else word += c;
  }
  if (word !== "") words.push(word);
  return words;
}

/** The index of the quote that closes the one at `from` (the end of the text if none). */
function quoteEnd(text: string, from: number): number {
  const q = text[from];
  let j = from + 1;
  while (j < text.length && text[j] !== q) j += q === '"' && text[j] === "\\" ? 2 : 1;
  return Math.min(j, text.length);
}

/** A word as bash reads it: quotes removed, backslash escapes resolved. */
function unquote(word: string): string {
  let out = "";
  for (let i = 0; i < word.length; i++) {
    const c = word[i] as string;
    if (c === "\\") out += word[++i] ?? "";
    else if (c === "'") {
      const end = quoteEnd(word, i);
      out += word.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      const end = quoteEnd(word, i);
      out += word.slice(i + 1, end).replace(/\\([\\"$`])/g, "$1");
      i = end;
    } else out += c;
  }
  return out;
}
