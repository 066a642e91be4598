/**
 * `/rewind` after a compaction, as claude 2.1.328's picker has it (recorded in tmux): after
 * `/compact` a row for `/compact` itself, which goes back to the compacted history with `/compact`
 * in the input; after an automatic compaction, the prompt it happened at.
 */
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { requestText } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { startSessionWith } from "./support/terminal-session.js";

useBuiltCli();

const SIZE = { columns: 100, rows: 40 };

/**
 * A session whose script answers "one done" to `step one` then `SUMMARY-TEXT` to `/compact`, then
 * `after`: `/rewind` opened (its picker's screen given back) and the `/compact` row chosen.
 */
async function atCompactRow(...after: ReturnType<typeof reply.text>[]) {
  const { server, term } = await startSessionWith(
    [reply.text("one done"), reply.text("SUMMARY-TEXT"), ...after],
    { size: SIZE },
  );
  term.submit("step one");
  await term.waitForScreen(/^one done$/m);
  term.submit("/compact");
  await term.waitForScreen(/conversation compacted \(manual\)/);
  term.submit("/rewind");
  const picker = await term.waitForScreen("Enter to continue · Esc to cancel");
  term.press("Up");
  await term.waitForScreen(/^❯ \/compact$/m);
  term.press("Enter");
  await term.waitForScreen("Restore to the point before you sent this message:");
  return { server, term, picker };
}

describe("/rewind after a compaction", { timeout: 180_000 }, () => {
  it("after /compact lists /compact, and going back to before it keeps the compacted history with /compact in the input", async () => {
    const { server, term, picker } = await atCompactRow(reply.text("after the rewind"));
    expect(picker).toContain(
      [
        "Restore the code and/or conversation to the point before…",
        "  /compact",
        "  No code changes",
        "❯ (current)",
      ].join("\n"),
    );
    term.type("1");
    await term.waitForScreen(/^rewound the conversation to before: \/compact$/m);
    await term.waitForScreen(/^› \/compact$/m);
    term.press("C-u");
    term.submit("step two");
    await term.waitForScreen(/^after the rewind$/m);
    // The compacted history: the summary and the last answer, not the prompt it summarised.
    const sent = requestText(server.requests.at(-1));
    expect(sent).toContain("SUMMARY-TEXT");
    expect(sent).toContain("one done");
    expect(sent).not.toContain("step one");
  });

  it("Summarize up to here on the /compact row summarises the compacted history before it, as claude's does", async () => {
    const { server, term } = await atCompactRow(reply.text("SECOND-SUMMARY"));
    term.press("Down", "Down");
    await term.waitForScreen(/^❯ 3\. Summarize up to here: add context \(optional\)$/m);
    term.press("Enter");
    await term.waitForScreen(/conversation summarized \(up to here\)/);
    const asked = requestText(server.requests.at(-1));
    expect(asked).toContain("SUMMARY-TEXT");
    expect(asked).toContain("one done");
  });

  it("Summarize from here on the /compact row with no prompt after it summarises nothing, and says so", async () => {
    const { server, term } = await atCompactRow();
    term.type("2");
    await term.waitForScreen(/no messages from this prompt to summarize/);
    expect(server.requests).toHaveLength(2);
  });

  it("after an automatic compaction lists the prompt it happened at, and no row for the compaction", async () => {
    const { term } = await startSessionWith(
      [
        // A nearly full context: the next prompt compacts first.
        { ...reply.text("one done"), usage: { inputTokens: 190_000, outputTokens: 5 } },
        reply.text("SUMMARY-TEXT"),
        reply.text("two done"),
      ],
      { size: SIZE, env: { CLAUDE_CODE_AUTO_COMPACT_WINDOW: "100000" } },
    );
    term.submit("step one");
    await term.waitForScreen(/^one done$/m);
    term.submit("step two");
    await term.waitForScreen(/^two done$/m);
    term.submit("/rewind");
    const picker = await term.waitForScreen("Enter to continue · Esc to cancel");
    expect(picker).toContain(
      [
        "Restore the code and/or conversation to the point before…",
        "  step two",
        "  No code changes",
        "❯ (current)",
      ].join("\n"),
    );
    expect(picker.slice(picker.indexOf("Restore the code"))).not.toContain("step one");
  });
});
