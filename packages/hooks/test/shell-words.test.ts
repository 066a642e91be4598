import { describe, expect, it } from "vitest";
import { simpleCommands, UNKNOWN_PART } from "../src/shell-words.js";

/** The words of each simple command, as the shell would pass them. */
const texts = (command: string) => simpleCommands(command, "/p").map((c) => c.words.map((w) => w.text));

describe("the lexer of hook commands", () => {
  it("a case clause's patterns are not commands, after in, ;;, ;& and ;;&, with | and a leading (", () => {
    expect(texts("case $f in *.ts|*.tsx) fmt;; (*.md) ;& b) x;;& *) ./n;; esac; ./after")).toEqual([
      ["case", "\0", "in"],
      ["fmt"],
      ["x"],
      ["./n"],
      ["esac"],
      ["./after"],
    ]);
  });

  it("the commands of a $(…) in a case pattern are listed, and a case inside $(…) closes at its )", () => {
    expect(texts("case a in $(sh ./m)) z;; esac")).toEqual([
      ["case", "a", "in"],
      ["sh", "./m"],
      ["z"],
      ["esac"],
    ]);
    expect(texts("x=$(case a in a) ./n;; esac); ./q")).toEqual([
      ["case", "a", "in"],
      ["./n"],
      ["esac"],
      ["x=\0"],
      ["./q"],
    ]);
  });

  it("a double-quoted default inside ${…} does not end the braces at its }", () => {
    expect(texts('echo "${CLAUDE_PROJECT_DIR:-"$CLAUDE_PROJECT_DIR}"}" a; ./evil')).toEqual([
      ["echo", "/p", "a"],
      ["./evil"],
    ]);
  });

  it("steps over a here-document's body to its delimiter line, quotes in it included", () => {
    expect(texts("cat <<'EOF' >/dev/null\necho don't\nEOF\n./evil")).toEqual([
      ["cat", "echo don't\n", "/dev/null"],
      ["./evil"],
    ]);
    expect(texts("cat <<-EOF\n\tit's\n\tEOF\n./evil")).toEqual([["cat", "it's\n"], ["./evil"]]);
  });

  it("a word names the commands inside its $(…) and backquotes, nested ones too, whose output lands in it", () => {
    const commands = simpleCommands('echo "a$(cat n | tr x y)b" `ls`; $(echo $(cat m)) z', "/p");
    expect(commands.map((c) => c.words.map((w) => w.outputOf))).toEqual([
      [undefined, undefined],
      [undefined, undefined, undefined],
      [undefined],
      [undefined, [0, 1], [2]],
      [undefined, undefined],
      [undefined, [4]],
      [[4, 5], undefined],
    ]);
  });

  it("a <(…) or >(…) is a word of the command holding it, naming the commands inside", () => {
    const commands = simpleCommands("diff <(cat n | tr x y) m; sh < <(cat n)", "/p");
    expect(commands.map((c) => c.words.map((w) => [w.raw, w.outputOf, w.redirect]))).toEqual([
      [
        ["cat", undefined, undefined],
        ["n", undefined, undefined],
      ],
      [
        ["tr", undefined, undefined],
        ["x", undefined, undefined],
        ["y", undefined, undefined],
      ],
      [
        ["diff", undefined, undefined],
        ["<(cat n | tr x y)", [0, 1], undefined],
        ["m", undefined, undefined],
      ],
      [
        ["cat", undefined, undefined],
        ["n", undefined, undefined],
      ],
      [
        ["sh", undefined, undefined],
        ["<(cat n)", [3], "in"],
      ],
    ]);
  });

  it("a here-document's body and a here-string are the command's input, not files: here words with what lands in them", () => {
    // The body is read after the line that opened it ends: its commands come after the command.
    const [doc, inner] = simpleCommands("sh <<EOF\n$(cat n)\nEOF", "/p");
    expect(inner?.words.map((w) => w.text)).toEqual(["cat", "n"]);
    expect(doc?.words[1]).toMatchObject({
      text: "$(cat n)\n",
      redirect: "in",
      here: true,
      dynamic: true,
      outputOf: [1],
    });
    const [quoted] = simpleCommands("sh <<'EOF'\n$(cat n)\nEOF", "/p");
    expect(quoted?.words[1]).toMatchObject({ text: "$(cat n)\n", here: true, dynamic: false });
    const [string] = simpleCommands("bash <<< '. ./n' -x", "/p");
    expect(string?.words.map((w) => [w.text, w.redirect, w.here])).toEqual([
      ["bash", undefined, undefined],
      [". ./n", "in", true],
      ["-x", undefined, undefined],
    ]);
  });

  it("lexes the commands an unquoted here-document's body runs", () => {
    expect(texts("cat <<EOF\n$(./evil)\nEOF")).toEqual([["cat", "$(./evil)\n"], ["./evil"]]);
  });

  it("what it cannot follow — an open quote, ${, $( or here-document — is a command of its own that runs something unknown", () => {
    for (const command of [
      "echo 'open; ./evil",
      'echo "open; ./evil',
      "echo ${X; ./evil",
      "echo $(./evil",
      "cat <<EOF\n./evil",
    ]) {
      const unknown = simpleCommands(command, "/p").filter(
        ({ words }) => words.length === 1 && words[0]?.text === UNKNOWN_PART && words[0].dynamic,
      );
      expect(unknown, command).toHaveLength(1);
    }
  });

  it("says which command a | sends its output to, not for ||", () => {
    const commands = simpleCommands("cat x | sh; a || b", "/p");
    expect(commands.map((c) => c.pipedFrom)).toEqual([undefined, [0], undefined, undefined]);
  });

  it("after a compound command, | sends every command before it in its list, failing closed", () => {
    for (const command of ["a; { b; c; } | sh", "a; (b; c) | sh", "a; if b; then c; fi | sh"]) {
      const commands = simpleCommands(command, "/p");
      const sh = commands.at(-1);
      expect(sh?.pipedFrom, command).toEqual(Array.from({ length: commands.length - 1 }, (_, n) => n));
    }
    expect(simpleCommands("(a) ; b | sh", "/p").map((c) => c.pipedFrom)).toEqual([undefined, undefined, [1]]);
  });
});
