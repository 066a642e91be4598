import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CheckpointStore, MAX_FILE_BYTES } from "../../src/session/rewind/checkpoint-store.js";

let root: string;
let project: string;
let folder: string;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "codebot-checkpoints-"));
  project = path.join(root, "project");
  folder = path.join(root, "session", "file-checkpoints");
  fs.mkdirSync(project);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** A tool's write as the file tools make it: the store is told before and after. */
function toolWrite(store: CheckpointStore, file: string, content: string): void {
  store.before(file);
  fs.writeFileSync(file, content);
  store.after(file, content);
}

/**
 * A prompt (at 1000) that changed a.txt and created b.txt, then b.txt replaced since by what
 * `replace` makes at its path: the store and the two files.
 */
function createdFileReplaced(replace: (b: string) => void) {
  const store = new CheckpointStore(() => folder);
  const a = path.join(project, "a.txt");
  const b = path.join(project, "b.txt");
  fs.writeFileSync(a, "before\n");
  store.startPrompt("p1", 1000);
  toolWrite(store, b, "new\n");
  toolWrite(store, a, "after\n");
  fs.rmSync(b);
  replace(b);
  return { store, a, b };
}

describe("CheckpointStore", () => {
  it("puts a changed file back and removes a created one, as they were before the chosen prompt", () => {
    const store = new CheckpointStore(() => folder);
    const a = path.join(project, "a.txt");
    const b = path.join(project, "b.txt");
    store.startPrompt("p1", 1000);
    toolWrite(store, a, "v1\n");
    store.startPrompt("p2", 2000);
    toolWrite(store, a, "v2\n");
    toolWrite(store, b, "new\n");
    store.startPrompt("p3", 3000);
    toolWrite(store, a, "v3\n");

    const outcome = store.restore({ uuid: "p2", at: 2000 });

    expect(fs.readFileSync(a, "utf8")).toBe("v1\n");
    expect(fs.existsSync(b)).toBe(false);
    expect(outcome).toMatchObject({
      restored: [a],
      removed: [b],
      keptAside: [],
      notRestorable: [],
      failed: [],
    });
  });

  it("a prompt dated after the next one (the clock set back between them): a restore to the next one keeps the first one's change", () => {
    const store = new CheckpointStore(() => folder);
    const a = path.join(project, "a.txt");
    fs.writeFileSync(a, "v0\n");
    store.startPrompt("p1", 5000);
    toolWrite(store, a, "v1\n");
    store.startPrompt("p2", 2000);
    toolWrite(store, a, "v2\n");

    store.restore({ uuid: "p2", at: 2000 });

    expect(fs.readFileSync(a, "utf8")).toBe("v1\n");
  });

  it("a prompt whose tools changed nothing is found by its time: a restore to it undoes the prompts after it", () => {
    const store = new CheckpointStore(() => folder);
    const a = path.join(project, "a.txt");
    store.startPrompt("p1", 1000);
    toolWrite(store, a, "v1\n");
    store.startPrompt("p2", 2000);
    store.startPrompt("p3", 3000);
    toolWrite(store, a, "v3\n");

    store.restore({ uuid: "p2", at: 2000 });

    expect(fs.readFileSync(a, "utf8")).toBe("v1\n");
  });

  it("keeps aside a file changed outside codebot since, then restores it", () => {
    const store = new CheckpointStore(() => folder);
    const a = path.join(project, "a.txt");
    fs.writeFileSync(a, "original\n");
    store.startPrompt("p1", 1000);
    toolWrite(store, a, "by the tool\n");
    fs.writeFileSync(a, "by the user\n");

    const outcome = store.restore({ uuid: "p1", at: 1000 });

    expect(fs.readFileSync(a, "utf8")).toBe("original\n");
    expect(outcome.keptAside).toHaveLength(1);
    expect(fs.readFileSync(outcome.keptAside[0]?.copy ?? "", "utf8")).toBe("by the user\n");
  });

  it("lists the files a prompt changed, a file too big to keep as not restorable", () => {
    const store = new CheckpointStore(() => folder);
    const big = path.join(project, "big.bin");
    fs.writeFileSync(big, Buffer.alloc(MAX_FILE_BYTES + 1));
    store.startPrompt("p1", 1000);
    toolWrite(store, path.join(project, "a.txt"), "x");
    toolWrite(store, big, "small now");

    expect(store.rows([{ uuid: "p1", at: 1000 }])).toEqual([
      {
        files: [
          { file: path.join(project, "a.txt"), restorable: true },
          { file: big, restorable: false },
        ],
        toRestore: [path.join(project, "a.txt")],
      },
    ]);
    expect(store.restore({ uuid: "p1", at: 1000 }).notRestorable).toEqual([big]);
  });

  it("a file it cannot restore (a folder there now) is said, and the others are restored", () => {
    const { store, a, b } = createdFileReplaced((b) => fs.mkdirSync(b));

    const outcome = store.restore({ uuid: "p1", at: 1000 });

    expect(outcome.failed.map((f) => f.file)).toEqual([b]);
    expect(outcome.restored).toEqual([a]);
    expect(fs.readFileSync(a, "utf8")).toBe("before\n");
  });

  it("a file replaced by a FIFO since is not waited on: said as a FIFO, left there, the others restored", () => {
    const { store, a, b } = createdFileReplaced((b) => execFileSync("mkfifo", [b]));

    const outcome = store.restore({ uuid: "p1", at: 1000 });

    expect(outcome.failed).toEqual([
      { file: b, reason: "it is a named pipe now, not a file; left as it is" },
    ]);
    expect(fs.statSync(b).isFIFO()).toBe(true);
    expect(fs.readFileSync(a, "utf8")).toBe("before\n");
  });

  it("keeps a file's mode when it restores it", () => {
    const store = new CheckpointStore(() => folder);
    const script = path.join(project, "run.sh");
    fs.writeFileSync(script, "#!/bin/sh\n", { mode: 0o755 });
    store.startPrompt("p1", 1000);
    toolWrite(store, script, "changed\n");
    fs.chmodSync(script, 0o644);

    store.restore({ uuid: "p1", at: 1000 });

    expect(fs.statSync(script).mode & 0o777).toBe(0o755);
  });

  it("stays consistent after a crash half way through a copy: a cut-off line is skipped, the next one stands", () => {
    const a = path.join(project, "a.txt");
    const b = path.join(project, "b.txt");
    fs.writeFileSync(a, "a before\n");
    fs.writeFileSync(b, "b before\n");
    const first = new CheckpointStore(() => folder);
    first.startPrompt("p1", 1000);
    toolWrite(first, a, "a after\n");
    // The process died while appending b's line: half of it reached the disk, and a blob with no line.
    fs.appendFileSync(path.join(folder, "index.jsonl"), '{"prompt":"p1","at":1000,"file":"');
    fs.writeFileSync(path.join(folder, "blobs", "0".repeat(64)), "orphan");
    fs.writeFileSync(b, "b changed without a copy\n");

    // The session goes on (`-c`): a new store reads the same folder.
    const second = new CheckpointStore(() => folder);
    second.startPrompt("p2", 2000);
    toolWrite(second, a, "a later\n");
    // The line written after the cut one stands on its own: the copy taken in p2 is there.
    second.restore({ uuid: "p2", at: 2000 });
    expect(fs.readFileSync(a, "utf8")).toBe("a after\n");
    const outcome = second.restore({ uuid: "p1", at: 1000 });

    expect(fs.readFileSync(a, "utf8")).toBe("a before\n");
    expect(fs.readFileSync(b, "utf8")).toBe("b changed without a copy\n");
    expect(outcome.restored).toEqual([a]);
  });

  it("copies nothing and writes no folder when no prompt has started", () => {
    const store = new CheckpointStore(() => folder);
    toolWrite(store, path.join(project, "a.txt"), "x");
    expect(fs.existsSync(folder)).toBe(false);
  });
});

describe("CheckpointStore and an index written by hand", () => {
  it("a copy line naming no blob (`../../../secret.txt`) is skipped: a restore copies no file over another", () => {
    const secret = path.join(root, "secret.txt");
    fs.writeFileSync(secret, "ssh-key\n");
    const leak = path.join(project, "leak.txt");
    fs.mkdirSync(folder, { recursive: true });
    const line = { prompt: "p1", at: 1000, file: leak, before: "../../../secret.txt" };
    fs.writeFileSync(path.join(folder, "index.jsonl"), `${JSON.stringify(line)}\n`);
    const store = new CheckpointStore(() => folder);
    const outcome = store.restore({ uuid: "p1", at: 0 });
    expect(outcome).toMatchObject({ restored: [], removed: [], failed: [] });
    expect(fs.existsSync(leak)).toBe(false);
  });
});
