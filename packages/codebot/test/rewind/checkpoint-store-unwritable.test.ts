/**
 * `/rewind`'s store when the session's folder cannot be written (a full disk, a read-only mount,
 * a file where a folder should be): the file tools' changes to the project go on, the user is told
 * once, and what the store does hold stays consistent.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CheckpointStore } from "../../src/session/rewind/checkpoint-store.js";

let root: string;
let project: string;
let folder: string;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "codebot-checkpoints-unwritable-"));
  project = path.join(root, "project");
  folder = path.join(root, "session", "file-checkpoints");
  fs.mkdirSync(project);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** A store whose messages are collected. */
function storeTelling(): { store: CheckpointStore; told: string[] } {
  const told: string[] = [];
  return {
    store: new CheckpointStore(
      () => folder,
      (message) => told.push(message),
    ),
    told,
  };
}

describe("CheckpointStore whose folder cannot be written", () => {
  it("neither before nor after throws, and the user is told once, naming the folder and why", () => {
    // A file where the session's folder should be: every write to the store fails (ENOTDIR).
    fs.writeFileSync(path.join(root, "session"), "");
    const { store, told } = storeTelling();
    const a = path.join(project, "a.txt");
    fs.writeFileSync(a, "v0\n");
    store.startPrompt("p1", 1000);
    for (const file of [a, path.join(project, "b.txt")]) {
      expect(() => store.before(file)).not.toThrow();
      fs.writeFileSync(file, "v1\n");
      expect(() => store.after(file, "v1\n")).not.toThrow();
    }
    expect(told).toEqual([
      expect.stringMatching(
        new RegExp(
          `^rewind: cannot save copies of changed files in ${folder}: ENOTDIR: .*; /rewind may not restore the files changed from now on$`,
        ),
      ),
    ]);
  });

  it("a copy that cannot be saved (its blobs folder unwritable) leaves the file listed as not restorable, and the rest restorable", () => {
    const { store, told } = storeTelling();
    const a = path.join(project, "a.txt");
    const b = path.join(project, "b.txt");
    fs.writeFileSync(a, "a0\n");
    store.startPrompt("p1", 1000);
    store.before(b);
    fs.writeFileSync(b, "b1\n");
    store.after(b, "b1\n");
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, "blobs"), ""); // the copies' folder is a file now
    store.before(a);
    fs.writeFileSync(a, "a1\n");
    store.after(a, "a1\n");

    expect(store.rows([{ uuid: "p1", at: 1000 }])).toEqual([
      {
        files: [
          { file: b, restorable: true },
          { file: a, restorable: false },
        ],
        toRestore: [b],
      },
    ]);
    expect(told).toHaveLength(1);
    const outcome = store.restore({ uuid: "p1", at: 1000 });
    expect(outcome).toMatchObject({ removed: [b], notRestorable: [a] });
    expect(fs.readFileSync(a, "utf8")).toBe("a1\n");
  });
});
