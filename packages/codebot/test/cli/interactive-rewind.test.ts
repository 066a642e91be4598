/**
 * `/rewind` and Esc Esc in a terminal: the picker of the conversation's prompts, then what to
 * restore — the conversation, the files the file tools changed, both — as claude 2.1.328's.
 */
import fs from "node:fs";
import path from "node:path";
import { type LoopbackModelServer, reply, toolCall } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { waitFor } from "../support/wait-for.js";
import { command, printRun, requestText, type Sandbox, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { startSessionWith } from "./support/terminal-session.js";
import type { TmuxSession } from "./support/tmux.js";

useBuiltCli();

/** Three prompts: the first writes a.txt, the second edits it, writes b.txt and runs bash, the third edits a.txt. */
async function threePrompts(
  after = [reply.text("after the rewind")],
  options: { box?: Sandbox; args?: string[] } = {},
): Promise<{ box: Sandbox; server: LoopbackModelServer; term: TmuxSession }> {
  const session = await startSessionWith(
    [
      reply.toolCall("write", { file_path: "a.txt", content: "v1\n" }),
      reply.text("one done"),
      reply.toolCalls(
        toolCall("edit", { file_path: "a.txt", old_string: "v1", new_string: "v2" }),
        toolCall("write", { file_path: "b.txt", content: "b new\n" }),
        toolCall("bash", { command: "echo bash-made > c.txt" }),
      ),
      reply.text("two done"),
      reply.toolCall("edit", { file_path: "a.txt", old_string: "v2", new_string: "v3" }),
      reply.text("three done"),
      ...after,
    ],
    {
      args: ["--permission-mode", "bypassPermissions", ...(options.args ?? [])],
      size: { columns: 100, rows: 40 },
      ...(options.box ? { box: options.box } : {}),
    },
  );
  const { term } = session;
  term.submit("step one");
  await term.waitForScreen(/^one done$/m);
  term.submit("step two");
  await term.waitForScreen(/^two done$/m);
  term.submit("step three");
  await term.waitForScreen(/^three done$/m);
  await term.waitForScreen(/^›\s*$/m);
  return session;
}

/** Opens the picker with /rewind, chooses the second prompt, then the option numbered `option`. */
async function rewindToStepTwo(term: TmuxSession, option: string): Promise<string> {
  term.submit("/rewind");
  await term.waitForScreen("Enter to continue · Esc to cancel");
  term.press("Up");
  term.press("Up");
  await term.waitForScreen(/^❯ step two$/m);
  term.press("Enter");
  const options = await term.waitForScreen("Restore to the point before you sent this message:");
  term.type(option);
  return options;
}

const read = (box: Sandbox, file: string) =>
  fs.existsSync(box.at(file)) ? fs.readFileSync(box.at(file), "utf8") : undefined;

describe("/rewind", { timeout: 180_000 }, () => {
  it("lists the prompts, oldest first, each over the files its tools changed, then (current), chosen", async () => {
    const { term } = await threePrompts();
    term.submit("/rewind");
    const screen = await term.waitForScreen("Enter to continue · Esc to cancel");
    expect(screen).toContain(
      [
        "Rewind",
        "Restore the code and/or conversation to the point before…",
        "  step one",
        "  a.txt",
        "  step two",
        "  2 files changed",
        "  step three",
        "  a.txt",
        "❯ (current)",
        "Enter to continue · Esc to cancel",
      ].join("\n"),
    );
    term.press("Escape");
    await term.waitForScreen(/^rewind cancelled$/m);
  });

  it("Esc Esc on an empty prompt opens the picker", async () => {
    const { term } = await threePrompts();
    term.press("Escape");
    term.press("Escape");
    const screen = await term.waitForScreen("Enter to continue · Esc to cancel");
    expect(screen).toContain("❯ (current)");
  });

  it("Esc Esc with text typed clears it, and opens no picker", async () => {
    const { term } = await threePrompts();
    term.type("a draft");
    await term.waitForScreen(/^› a draft$/m);
    term.press("Escape", "Escape");
    await term.waitForScreen(/^›\s*$/m);
    expect(term.screen()).not.toContain("Enter to continue · Esc to cancel");
  });

  it("one Esc keeps the text typed, and one on the empty prompt opens no picker: only Esc Esc does", async () => {
    const { term } = await threePrompts();
    term.type("a draft");
    await term.waitForScreen(/^› a draft$/m);
    term.press("Escape");
    // Past the time a second Esc would have made it Esc Esc.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    term.type(" kept");
    await term.waitForScreen(/^› a draft kept$/m);
    term.press("C-c");
    await term.waitForScreen(/^›\s*$/m);
    term.press("Escape");
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    term.type("x");
    await term.waitForScreen(/^› x$/m);
    expect(term.screen()).not.toContain("Enter to continue · Esc to cancel");
  });

  it("offers the six choices, saying what each restores", async () => {
    const { term } = await threePrompts();
    const screen = await rewindToStepTwo(term, "");
    expect(screen).toContain(
      [
        "│ step two",
        "The conversation goes back to before this message.",
        "The code will be restored in a.txt, b.txt.",
        "❯ 1. Restore code and conversation",
        "  2. Restore conversation",
        "  3. Restore code",
        "  4. Summarize from here",
        "  5. Summarize up to here",
        "  6. Never mind",
      ].join("\n"),
    );
  });

  it("code and conversation: the files back, bash's left, the next request without the prompts rewound", async () => {
    const { box, server, term } = await threePrompts();
    await rewindToStepTwo(term, "1");
    await term.waitForScreen(/^rewound the conversation to before: step two$/m);
    expect(read(box, "a.txt")).toBe("v1\n");
    expect(read(box, "b.txt")).toBeUndefined();
    expect(read(box, "c.txt")).toBe("bash-made\n");
    // The prompt is given back in the input: replaced here by another.
    await term.waitForScreen(/^› step two$/m);
    term.press("C-u");
    term.submit("plain after rewind");
    await term.waitForScreen(/^after the rewind$/m);
    const sent = requestText(server.requests.at(-1));
    expect(sent).toContain("step one");
    expect(sent).not.toContain("step two");
    expect(sent).not.toContain("three done");
  });

  it("conversation only: the files stay as they are", async () => {
    const { box, server, term } = await threePrompts();
    await rewindToStepTwo(term, "2");
    await term.waitForScreen(/^rewound the conversation to before: step two$/m);
    expect(read(box, "a.txt")).toBe("v3\n");
    expect(read(box, "b.txt")).toBe("b new\n");
    term.press("C-u");
    term.submit("plain after rewind");
    await term.waitForScreen(/^after the rewind$/m);
    expect(requestText(server.requests.at(-1))).not.toContain("step two");
  });

  it("-c after a rewind goes on from the rewound point, and can rewind the files still", async () => {
    const { box, term } = await threePrompts();
    await rewindToStepTwo(term, "2");
    await term.waitForScreen(/^rewound the conversation to before: step two$/m);
    term.press("C-u");
    term.submit("/exit");
    await term.exitCode();
    const { server, r } = await printRun("go on", [reply.text("went on")], { box, flags: ["-c"] });
    expect(r.code).toBe(0);
    const sent = requestText(server.requests[0]);
    expect(sent).toContain("one done");
    expect(sent).not.toContain("step two");
    // The files' copies are the session's: a later rewind still puts them back.
    const continued = await startSessionWith([], { box, args: ["-c"], size: { columns: 100, rows: 40 } });
    continued.term.submit("/rewind");
    await continued.term.waitForScreen("Enter to continue · Esc to cancel");
    continued.term.press("Up", "Up", "Up");
    await continued.term.waitForScreen(/^❯ step one$/m);
    continued.term.press("Enter");
    await continued.term.waitForScreen("Restore to the point before you sent this message:");
    continued.term.type("3");
    await continued.term.waitForScreen(/^removed .*a\.txt.*\(created since\)$/m);
    expect(read(box, "a.txt")).toBeUndefined();
    expect(read(box, "b.txt")).toBeUndefined();
  });

  it("code only: the conversation goes on as it was", async () => {
    const { box, server, term } = await threePrompts();
    await rewindToStepTwo(term, "3");
    await term.waitForScreen(/^removed b\.txt \(created since\)$/m);
    expect(read(box, "a.txt")).toBe("v1\n");
    expect(read(box, "b.txt")).toBeUndefined();
    term.submit("plain after rewind");
    await term.waitForScreen(/^after the rewind$/m);
    expect(requestText(server.requests.at(-1))).toContain("three done");
  });

  it("a file changed outside codebot since is restored, its content then kept aside and said", async () => {
    const { box, term } = await threePrompts();
    fs.writeFileSync(box.at("a.txt"), "the user's own\n");
    await rewindToStepTwo(term, "3");
    await term.waitForScreen(/^a\.txt was changed since outside codebot: that content is kept at/m);
    expect(read(box, "a.txt")).toBe("v1\n");
    // The copy is with the session's checkpoints, in codebot's home.
    const kept = fs
      .readdirSync(box.home, { recursive: true, encoding: "utf8" })
      .map((name) => path.join(box.home, name))
      .filter((file) => fs.statSync(file).isFile() && fs.readFileSync(file, "utf8") === "the user's own\n");
    expect(kept).toHaveLength(1);
  });

  it("Summarize up to here: the prompts before it become a summary, it and later ones are sent as they were", async () => {
    const { box, server, term } = await threePrompts([
      reply.text("THE EARLY SUMMARY"),
      reply.text("after the summary"),
    ]);
    await rewindToStepTwo(term, "");
    term.press("Down", "Down", "Down", "Down");
    await term.waitForScreen(/^❯ 5\. Summarize up to here: add context \(optional\)$/m);
    expect(term.screen()).toContain(
      "Earlier messages will be summarized. This message and later ones stay as they are.",
    );
    term.type("keep the file names");
    await term.waitForScreen(/^❯ 5\. Summarize up to here: keep the file names$/m);
    term.press("Enter");
    await term.waitForScreen(/conversation summarized \(up to here\)/);
    const asked = requestText(server.requests.at(-1));
    expect(asked).toContain("step one");
    expect(asked).not.toContain("step two");
    expect(asked).toContain("keep the file names");
    await term.waitForScreen(/^›\s*$/m);
    term.submit("go on");
    await term.waitForScreen(/^after the summary$/m);
    const sent = requestText(server.requests.at(-1));
    expect(sent).toContain("THE EARLY SUMMARY");
    expect(sent).not.toContain("one done");
    expect(sent).toContain("step two");
    expect(sent).toContain("three done");
    // The transcript holds the new history: -c goes on with it.
    term.submit("/exit");
    await term.exitCode();
    const { server: next } = await printRun("and on", [reply.text("went on")], { box, flags: ["-c"] });
    const resumed = requestText(next.requests[0]);
    expect(resumed).toContain("THE EARLY SUMMARY");
    expect(resumed).not.toContain("one done");
    expect(resumed).toContain("three done");
  });

  it("after Summarize up to here, a rewind to a prompt kept still restores the files to it", async () => {
    const { box, term } = await threePrompts([reply.text("THE EARLY SUMMARY")]);
    await rewindToStepTwo(term, "");
    term.press("Down", "Down", "Down", "Down");
    await term.waitForScreen(/^❯ 5\. Summarize up to here/m);
    term.press("Enter");
    await term.waitForScreen(/conversation summarized \(up to here\)/);
    await term.waitForScreen(/^›\s*$/m);
    term.submit("/rewind");
    await term.waitForScreen("Enter to continue · Esc to cancel");
    term.press("Up");
    await term.waitForScreen(/^❯ step three$/m);
    term.press("Enter");
    await term.waitForScreen("Restore to the point before you sent this message:");
    term.type("3");
    await term.waitForScreen(/^restored a\.txt$/m);
    expect(read(box, "a.txt")).toBe("v2\n");
  });

  it("a Summarize fires the hooks /compact fires: PreCompact with the context typed, PostCompact, SessionStart compact", async () => {
    const box = sandbox();
    const log = (event: string) => ({ hooks: [command(`cat >> ${box.at(`${event}.json`)}`)] });
    const settings = box.json("s.json", {
      hooks: { PreCompact: [log("pre")], PostCompact: [log("post")], SessionStart: [log("start")] },
    });
    const { term } = await threePrompts([reply.text("THE LATE SUMMARY")], {
      box,
      args: ["--settings", settings],
    });
    await rewindToStepTwo(term, "");
    term.press("Down", "Down", "Down");
    await term.waitForScreen(/^❯ 4\. Summarize from here/m);
    term.type("keep names");
    term.press("Enter");
    await term.waitForScreen(/conversation summarized \(from here\)/);
    // PostCompact and SessionStart run after the notice shows: their files are waited for.
    const written = (event: string, text: string) => () =>
      fs.existsSync(box.at(`${event}.json`)) &&
      fs.readFileSync(box.at(`${event}.json`), "utf8").includes(text);
    await waitFor(written("post", "PostCompact"), 15_000, "the PostCompact hook's line");
    await waitFor(written("start", '"compact"'), 15_000, "the SessionStart compact hook's line");
    expect(JSON.parse(fs.readFileSync(box.at("pre.json"), "utf8"))).toMatchObject({
      hook_event_name: "PreCompact",
      trigger: "manual",
      custom_instructions: "keep names",
    });
    expect(JSON.parse(fs.readFileSync(box.at("post.json"), "utf8"))).toMatchObject({
      hook_event_name: "PostCompact",
      compact_summary: "THE LATE SUMMARY",
    });
    const starts = fs
      .readFileSync(box.at("start.json"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(starts.at(-1)).toMatchObject({ hook_event_name: "SessionStart", source: "compact" });
  });

  it("Summarize from here: it and later prompts become a summary, the earlier ones are kept, its text back in the input", async () => {
    const { server, term } = await threePrompts([
      reply.text("THE LATE SUMMARY"),
      reply.text("after the summary"),
    ]);
    await rewindToStepTwo(term, "");
    term.press("Down", "Down", "Down");
    await term.waitForScreen(/^❯ 4\. Summarize from here: add context \(optional\)$/m);
    term.press("Enter");
    await term.waitForScreen(/conversation summarized \(from here\)/);
    // The whole conversation is sent, the model told which part to summarise.
    const asked = requestText(server.requests.at(-1));
    expect(asked).toContain("one done");
    expect(asked).toContain("three done");
    expect(asked).toContain("Summarise only the last");
    await term.waitForScreen(/^› step two$/m);
    term.press("C-u");
    term.submit("go on");
    await term.waitForScreen(/^after the summary$/m);
    const sent = requestText(server.requests.at(-1));
    expect(sent).toContain("one done");
    expect(sent).toContain("THE LATE SUMMARY");
    expect(sent).not.toContain("two done");
    expect(sent).not.toContain("three done");
  });

  it("a prompt of several lines rewound to comes back whole in the input, and is sent whole", async () => {
    const { server, term } = await startSessionWith([reply.text("got the lines"), reply.text("sent again")], {
      size: { columns: 100, rows: 40 },
    });
    term.tmux("set-buffer", "first line\nsecond line\nthird");
    term.tmux("paste-buffer", "-p", "-t", "t");
    await term.waitForScreen(/^… third$/m);
    term.press("Enter");
    await term.waitForScreen(/^got the lines\n/m);
    term.submit("/rewind");
    await term.waitForScreen("Enter to continue · Esc to cancel");
    term.press("Up");
    await term.waitForScreen(/^❯ first line$/m);
    term.press("Enter");
    await term.waitForScreen("Restore to the point before you sent this message:");
    term.type("1");
    await term.waitForScreen(/^› first line\nsecond line\nthird$/m);
    term.press("Enter");
    await term.waitForScreen(/^sent again$/m);
    const sent = requestText(server.requests.at(-1));
    expect(sent).toContain("first line\\nsecond line\\nthird");
    expect(sent).not.toContain("got the lines");
  });

  it("Never mind changes nothing", async () => {
    const { box, term } = await threePrompts();
    await rewindToStepTwo(term, "6");
    await term.waitForScreen(/^rewind cancelled$/m);
    expect(read(box, "a.txt")).toBe("v3\n");
  });
});
