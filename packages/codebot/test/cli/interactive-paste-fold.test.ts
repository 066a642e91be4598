/**
 * Large pastes at the interactive prompt are folded into a placeholder, as claude 2.1.328 shows
 * them (`[Pasted text #1 +3 lines]`, `[Pasted text #2]` for a long line), and sent whole.
 */
import fs from "node:fs";
import path from "node:path";
import { reply } from "@codebot/agentcore/testing";
import { describe, expect, it } from "vitest";
import { requestText, sandbox } from "./support/cli-fixtures.js";
import { useBuiltCli } from "./support/cli-process.js";
import { startSessionWith } from "./support/terminal-session.js";

useBuiltCli();

describe("folded pastes", { timeout: 120_000 }, () => {
  it("a paste of 4 lines shows as [Pasted text #1 +3 lines] and the model gets the text around it", async () => {
    const { box, server, term } = await startSessionWith([reply.text("got it")]);
    term.type("before ");
    term.paste(box.write("p.txt", "alpha\nbeta\ngamma\ndelta"));
    await term.waitForScreen("› before [Pasted text #1 +3 lines]");
    term.type(" after");
    await term.waitForScreen("[Pasted text #1 +3 lines] after");
    expect(term.screen()).not.toContain("beta");
    term.press("Enter");
    await term.waitForScreen(/^got it$/m);
    expect(requestText(server.requests[0])).toContain("before alpha\\nbeta\\ngamma\\ndelta after");
  });

  it("once sent, the prompt shows the pasted text in place of its placeholder, as claude's transcript does", async () => {
    const { box, term } = await startSessionWith([reply.text("got it")]);
    term.type("before ");
    term.paste(box.write("p.txt", "alpha\nbeta\ngamma\ndelta"));
    await term.waitForScreen("[Pasted text #1 +3 lines]");
    term.type(" after");
    term.press("Enter");
    const screen = await term.waitForScreen(/^got it$/m);
    expect(screen).toMatch(/^› before alpha\n… beta\n… gamma\n… delta after$/m);
    expect(screen).not.toContain("Pasted text");
  });

  it("a paste of 3 lines is shown as it is", async () => {
    const { box, term } = await startSessionWith([reply.text("got it")]);
    term.paste(box.write("p.txt", "alpha\nbeta\ngamma"));
    await term.waitForScreen(/^… gamma$/m);
    expect(term.screen()).not.toContain("Pasted text");
  });

  it("a line of 801 characters shows as [Pasted text #1]; one of 800 is shown", async () => {
    const { box, server, term } = await startSessionWith([reply.text("first"), reply.text("second")]);
    term.paste(box.write("p.txt", `${"a".repeat(799)}Z`));
    await term.waitForScreen("aZ");
    term.press("Enter");
    await term.waitForScreen(/^first$/m);
    term.paste(box.write("q.txt", `${"b".repeat(800)}Y`));
    await term.waitForScreen("› [Pasted text #1]");
    term.press("Enter");
    await term.waitForScreen(/^second$/m);
    expect(requestText(server.requests[1])).toContain(`${"b".repeat(800)}Y`);
  });

  it("two pastes are numbered #1 and #2 and each is sent in its place", async () => {
    const { box, server, term } = await startSessionWith([reply.text("got both")]);
    term.paste(box.write("p.txt", "a1\na2\na3\na4"));
    await term.waitForScreen("[Pasted text #1 +3 lines]");
    term.type(" and ");
    term.paste(box.write("q.txt", "b1\nb2\nb3\nb4\nb5"));
    await term.waitForScreen("› [Pasted text #1 +3 lines] and [Pasted text #2 +4 lines]");
    term.press("Enter");
    await term.waitForScreen(/^got both$/m);
    expect(requestText(server.requests[0])).toContain("a1\\na2\\na3\\na4 and b1\\nb2\\nb3\\nb4\\nb5");
  });

  it("Backspace after a placeholder removes it whole, and the paste is not sent", async () => {
    const { box, server, term } = await startSessionWith([reply.text("sent")]);
    term.type("keep ");
    term.paste(box.write("p.txt", "a1\na2\na3\na4"));
    await term.waitForScreen("[Pasted text #1 +3 lines]");
    term.press("BSpace");
    await term.waitForScreen(/^› keep *\n/m);
    term.type("end");
    term.press("Enter");
    await term.waitForScreen(/^sent$/m);
    expect(requestText(server.requests[0])).toContain("keep end");
    expect(requestText(server.requests[0])).not.toContain("a2");
  });

  it("← steps over a placeholder in one press, and Delete removes it whole", async () => {
    const { box, server, term } = await startSessionWith([reply.text("sent")]);
    term.type("ab");
    term.paste(box.write("p.txt", "a1\na2\na3\na4"));
    await term.waitForScreen("[Pasted text #1 +3 lines]");
    term.press("Left");
    term.type("X");
    await term.waitForScreen("› abX[Pasted text #1 +3 lines]");
    term.press("DC");
    await term.waitForScreen(/^› abX *\n/m);
    term.press("Enter");
    await term.waitForScreen(/^sent$/m);
    expect(requestText(server.requests[0])).not.toContain("a2");
  });

  it("↑ brings the sent prompt back with the pasted text; the history file and the transcript keep the text", async () => {
    const { box, term } = await startSessionWith([reply.text("got it"), reply.text("again")]);
    term.paste(box.write("p.txt", "a1\na2\na3\na4"));
    await term.waitForScreen("[Pasted text #1 +3 lines]");
    term.press("Enter");
    await term.waitForScreen(/^got it\n›/m);
    term.press("Up");
    await term.waitForScreen(/^› a1\na2\na3\na4/m);
    const file = fs
      .readdirSync(path.join(box.home, "projects"))
      .map((slug) => path.join(box.home, "projects", slug, "prompt-history.jsonl"))[0];
    expect(fs.readFileSync(file ?? "", "utf8")).toBe(`${JSON.stringify("a1\na2\na3\na4")}\n`);
    // The session's transcript holds the text too.
    const transcripts = (fs.readdirSync(box.home, { recursive: true }) as string[]).filter(
      (name) => name.endsWith(".jsonl") && !name.endsWith("prompt-history.jsonl"),
    );
    const texts = transcripts.map((name) => fs.readFileSync(path.join(box.home, name), "utf8"));
    expect(texts.some((text) => text.includes(JSON.stringify("a1\na2\na3\na4")))).toBe(true);
    expect(texts.some((text) => text.includes("Pasted text"))).toBe(false);
  });

  it("pasting the same text again expands its placeholder in place, and the text is sent once", async () => {
    const { box, server, term } = await startSessionWith([reply.text("sent")]);
    const file = box.write("p.txt", "a1\na2\na3\na4");
    term.paste(file);
    await term.waitForScreen("[Pasted text #1 +3 lines]");
    term.type(" then");
    await term.waitForScreen("[Pasted text #1 +3 lines] then");
    term.paste(file);
    await term.waitForScreen(/a4 then/);
    expect(term.screen()).not.toContain("Pasted text");
    term.press("Enter");
    await term.waitForScreen(/^sent$/m);
    const sent = requestText(server.requests[0]);
    expect(sent).toContain("a1\\na2\\na3\\na4 then");
    expect(sent.split("a2")).toHaveLength(2);
  });

  it("a paste of 2 000 lines folds at once into [Pasted text #1 +2000 lines] and is sent whole", async () => {
    const { box, server, term } = await startSessionWith([reply.text("sent")]);
    const lines = Array.from({ length: 2000 }, (_, i) => `row${i}`);
    term.paste(box.write("p.txt", `${lines.join("\n")}\n`));
    await term.waitForScreen("› [Pasted text #1 +2000 lines]", 10_000);
    term.press("Enter");
    await term.waitForScreen(/^sent$/m);
    expect(requestText(server.requests[0])).toContain("row0\\nrow1\\n");
    expect(requestText(server.requests[0])).toContain("row1998\\nrow1999");
  });

  it("a paste with CRLF line breaks counts each CRLF as one break and sends LF", async () => {
    const { box, server, term } = await startSessionWith([reply.text("sent")]);
    term.tmux("load-buffer", "-b", "p", box.write("p.txt", "c1\r\nc2\r\nc3\r\nc4"));
    // -r: tmux gives the paste as it is (without it, every LF becomes a CR).
    term.tmux("paste-buffer", "-p", "-r", "-b", "p", "-t", "t");
    await term.waitForScreen("› [Pasted text #1 +3 lines]");
    term.press("Enter");
    await term.waitForScreen(/^sent$/m);
    expect(requestText(server.requests[0])).toContain("c1\\nc2\\nc3\\nc4");
  });

  it("a UserPromptSubmit hook gets the pasted text, not the placeholder, as claude's does", async () => {
    const box = sandbox();
    const seen = box.at("prompt.json");
    const settings = box.json("s.json", {
      hooks: { UserPromptSubmit: [{ hooks: [{ type: "command", command: `cat > '${seen}'` }] }] },
    });
    const { term } = await startSessionWith([reply.text("sent")], { box, args: ["--settings", settings] });
    term.paste(box.write("p.txt", "h1\nh2\nh3\nh4"));
    await term.waitForScreen("[Pasted text #1 +3 lines]");
    term.press("Enter");
    await term.waitForScreen(/^sent$/m);
    expect((JSON.parse(fs.readFileSync(seen, "utf8")) as { prompt: string }).prompt).toBe("h1\nh2\nh3\nh4");
  });

  it("a placeholder typed by hand, naming no paste, is sent as typed", async () => {
    const { server, term } = await startSessionWith([reply.text("sent")]);
    term.submit("see [Pasted text #7 +2 lines]");
    await term.waitForScreen(/^sent$/m);
    expect(requestText(server.requests[0])).toContain("see [Pasted text #7 +2 lines]");
  });

  it("a paste's placeholder typed in a later prompt is sent as typed, as claude's: pastes belong to their prompt", async () => {
    const { box, server, term } = await startSessionWith([reply.text("first"), reply.text("second")]);
    term.paste(box.write("p.txt", "s1\ns2\ns3\ns4"));
    await term.waitForScreen("[Pasted text #1 +3 lines]");
    term.press("Enter");
    await term.waitForScreen(/^first$/m);
    term.submit("again [Pasted text #1 +3 lines]");
    await term.waitForScreen(/^second$/m);
    expect(requestText(server.requests[1])).toContain("again [Pasted text #1 +3 lines]");
    expect(requestText(server.requests[1]).match(/s1\\ns2/g)).toHaveLength(1);
  });
});
