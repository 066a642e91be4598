import type { Token, Tokens } from "marked";

/**
 * A Markdown list as terminal lines, `tab` in from its edge: each item's marker (`* `, or its
 * number counted from the list's own start), its first line after it and its next lines under
 * that line's text; a list inside an item sits under the item's text.
 *
 * marked-terminal's own list found items by reading its rendered text back — a line of an item
 * that began with a number or `*` counted as an item, so the numbers after a nested list or a
 * table ran on from the wrong count and a list that starts at 2 (after a table) restarted at 1 —
 * and it showed a tight item's text with its Markdown marks (`**bold**`).
 *
 * `block` renders one of an item's blocks, given how many columns in from the list's edge it will
 * be shown (a table measures itself against the room left); blank lines between blocks are dropped.
 */
export function listLines(list: Tokens.List, tab: string, block: ItemBlock): string {
  const start = list.ordered && typeof list.start === "number" ? list.start : 1;
  const lines = list.items.flatMap((item, i) => {
    const marker = list.ordered ? `${start + i}. ` : "* ";
    const under = " ".repeat(marker.length);
    const [first = "", ...rest] = itemLines(item, tab, (token) => block(token, tab.length + marker.length));
    return [`${tab}${marker}${first}`, ...rest.map((line) => `${tab}${under}${line}`)];
  });
  return `${lines.join("\n")}\n\n`;
}

export type ItemBlock = (token: Token, inset: number) => string;

function itemLines(item: Tokens.ListItem, tab: string, block: (token: Token) => string): string[] {
  let checkbox = "";
  const lines: string[] = [];
  for (const token of item.tokens) {
    if (token.type === "checkbox") {
      checkbox = block(token);
      continue;
    }
    const text = block(token.type === "text" && token.tokens ? { ...token, type: "paragraph" } : token);
    // A nested list comes `tab` in from its edge; under the item's text it needs no more.
    const own = token.type === "list" ? (line: string) => line.slice(tab.length) : (line: string) => line;
    lines.push(
      ...text
        .split("\n")
        .filter((line) => line.trim() !== "")
        .map(own),
    );
  }
  if (lines.length === 0) return [checkbox.trimEnd()];
  lines[0] = `${checkbox}${lines[0]}`;
  return lines;
}
