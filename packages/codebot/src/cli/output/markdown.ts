import { Marked, type Token, Tokenizer, type Tokens, type TokensList } from "marked";
import { markedTerminal, type TerminalRendererOptions } from "marked-terminal";
import { columnsOf } from "./columns.js";
import { listLines } from "./list-lines.js";
import { KEEP_WHOLE, rowsOfRendered } from "./rendered-rows.js";
import type { Styles } from "./styles.js";
import { tableAsRows, tableAsSentences } from "./table-as-rows.js";
import { tableBeforeNumberedItem } from "./table-end.js";
import { terminalSafe } from "./terminal-safe.js";

/**
 * The model's answer as markdown rendered for the terminal (issue 16, item 2): marked parses it,
 * marked-terminal renders headings, emphasis, lists, tables and code blocks (highlighted by
 * cli-highlight). Text is streamed in: `push` renders each block once it is complete (the next
 * block has begun), `end` renders the rest, so the answer appears block by block as it is written.
 *
 * The text given is already free of control sequences (TerminalSafeFilter); escape sequences in
 * the output are the renderer's own styling, and none at all without colour. Links are shown as
 * `text (url)`, never as a terminal hyperlink whose target the reader cannot see.
 *
 * Text is broken between words at the terminal's width (rowsOfRendered), code is not; a table
 * wider than the terminal is shown as `header: value` rows (tableAsRows).
 */
export class MarkdownStream {
  private pending = "";
  /** A block was written: the next one starts after a blank line. */
  private wrote = false;
  private readonly marked: Marked;

  /**
   * `width` is read at each block, so blocks written after a resize fit the new width. `flat`
   * (screen-reader mode): tables as one line per row (tableAsSentences), never with borders, and a
   * rule as `---`, as claude 2.1.328's.
   */
  constructor(
    private readonly s: Styles,
    private readonly width: () => number,
    flat = false,
  ) {
    const terminal = markedTerminal(
      { ...styleOptions(s), reflowText: false, showSectionPrefix: false, tab: TAB.length, emoji: false },
      { theme: codeTheme(s) },
    );
    // marked-terminal's own code and table renderers, which ours wrap.
    const { code: terminalCode, table: terminalTable } = terminal.renderer as Record<
      "code" | "table",
      (this: unknown, token: Token) => string
    >;
    // Columns the block being rendered will be shown in from the edge (inside list items).
    let inset = 0;
    this.marked = new Marked(terminal, {
      tokenizer: {
        table(this: Tokenizer, src: string) {
          const table = tableBeforeNumberedItem(src);
          return table === undefined ? false : Tokenizer.prototype.table.call(this, table);
        },
      },
      renderer: {
        link(this: { parser: { parseInline(tokens: Token[]): string } }, token: Tokens.Link): string {
          const text = this.parser.parseInline(token.tokens);
          return text === token.href ? s.cyan(text) : `${s.cyan(text)} ${s.dim(`(${token.href})`)}`;
        },
        // A rule across the terminal is read out as a run of dashes: a screen reader gets `---`.
        ...(flat ? { hr: () => "---\n\n" } : {}),
        // Code is shown as written: its lines are never broken between words.
        code(this: unknown, token: Tokens.Code): string {
          return terminalCode.call(this, token).replace(/^(?=.)/gm, KEEP_WHOLE);
        },
        list(this: { parser: { parse(tokens: Token[]): string } }, token: Tokens.List): string {
          return listLines(token, TAB, (block, columns) => {
            inset += columns;
            try {
              return this.parser.parse([block]);
            } finally {
              inset -= columns;
            }
          });
        },
        table(this: { parser: { parseInline(tokens: Token[]): string } }, token: Tokens.Table): string {
          if (flat) return tableAsSentences(token, (cell) => this.parser.parseInline(cell.tokens));
          const table = terminalTable.call(this, token);
          if (Math.max(...table.split("\n").map(columnsOf)) <= width() - inset) return table;
          return tableAsRows(token, (cell) => this.parser.parseInline(cell.tokens), s);
        },
      },
    });
  }

  /** Adds streamed text; returns the rendering of the blocks it completed (often ""). */
  push(text: string): string {
    this.pending += text.replaceAll(KEEP_WHOLE, "");
    const tokens = this.marked.lexer(this.pending);
    // The last block may still grow (a paragraph, a list, an unclosed code fence) — also when the
    // text ends in whitespace: a list's next line may be indented under its item.
    let last = tokens.length - 1;
    while (last > 0 && tokens[last]?.type === "space") last--;
    let complete = last;
    while (complete > 0 && tokens[complete - 1]?.type === "space") complete--;
    if (complete <= 0) return "";
    const done = tokens.slice(0, complete);
    const consumed = done.map((t) => t.raw).join("");
    // Tokens cover the source in order; if they ever do not, wait for the end instead.
    if (!this.pending.startsWith(consumed)) return "";
    this.pending = this.pending.slice(consumed.length).replace(/^\n+/, "");
    return this.render(done, tokens.links);
  }

  /** The rest, at the end of the message, ending with one newline (or "" when nothing is left). */
  end(): string {
    const rest = this.pending;
    this.pending = "";
    if (rest.trim() === "") return "";
    const tokens = this.marked.lexer(rest);
    const out = this.render(tokens, tokens.links);
    this.wrote = false;
    return out;
  }

  /** Blocks as lines ending with one newline, after a blank line when blocks came before. */
  private render(tokens: Token[], links: TokensList["links"] | undefined): string {
    const list = Object.assign([...tokens], { links: links ?? {} });
    const out = rowsOfRendered(this.marked.parser(list).replace(/\n+$/, ""), this.width());
    if (out === "") return "";
    const text = `${this.wrote ? "\n" : ""}${out}\n`;
    this.wrote = true;
    return this.s.enabled ? text : terminalSafe(text);
  }
}

/** A whole answer rendered as the live view renders it streamed (an earlier answer in a recap). */
export function renderedAnswer(text: string, s: Styles, width: () => number, flat = false): string {
  const stream = new MarkdownStream(s, width, flat);
  return stream.push(text) + stream.end();
}

const plain = (text: string) => text;

/** How far a list (a code block, a quote) is shown in from its edge. */
const TAB = "  ";

/** marked-terminal's styles from ours, so colour follows the session's (terminal, NO_COLOR). */
function styleOptions(s: Styles): TerminalRendererOptions {
  return {
    code: s.yellow,
    blockquote: (t: string) => s.dim(s.italic(t)),
    html: s.dim,
    heading: (t: string) => s.green(s.bold(t)),
    firstHeading: (t: string) => s.magenta(s.bold(s.underline(t))),
    hr: plain,
    listitem: plain,
    table: plain,
    paragraph: plain,
    strong: s.bold,
    em: s.italic,
    codespan: s.yellow,
    del: (t: string) => s.dim(s.strikethrough(t)),
    link: s.cyan,
    href: (t: string) => s.cyan(s.underline(t)),
    // cli-table3 colours header and borders itself unless told not to.
    tableOptions: { style: { head: [], border: [] } },
  };
}

/** Syntax highlighting colours (cli-highlight's theme) from ours. */
function codeTheme(s: Styles): Record<string, (text: string) => string> {
  return {
    keyword: s.blue,
    built_in: s.cyan,
    type: s.cyan,
    literal: s.blue,
    number: s.green,
    regexp: s.red,
    string: s.red,
    subst: plain,
    symbol: plain,
    class: s.blue,
    function: s.yellow,
    title: plain,
    params: plain,
    comment: s.green,
    doctag: s.green,
    meta: s.dim,
    "meta-keyword": plain,
    "meta-string": plain,
    section: plain,
    tag: s.dim,
    name: s.blue,
    attr: s.cyan,
    attribute: s.cyan,
    variable: plain,
    bullet: plain,
    code: plain,
    emphasis: s.italic,
    strong: s.bold,
    formula: plain,
    link: s.underline,
    quote: plain,
    addition: s.green,
    deletion: s.red,
    default: plain,
  };
}
