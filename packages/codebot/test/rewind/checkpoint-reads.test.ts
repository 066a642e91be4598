import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PathPolicy } from "../../src/paths/path-policy.js";
import {
  CheckpointStore,
  MAX_FILE_BYTES,
  MAX_SESSION_BYTES,
} from "../../src/session/rewind/checkpoint-store.js";
import { editTool } from "../../src/tools/edit-tool.js";
import type { ToolEnvironment } from "../../src/tools/tool-environment.js";
import { writeTool } from "../../src/tools/write-tool.js";
import { tempDir } from "../support/temp-dirs.js";
import { callTool } from "../support/tool-context.js";

/**
 * `/rewind`'s copy of a file is made of the bytes the file tool read before changing it (`edit`
 * reads the file to apply its change, `write` to count the lines it changes), not of a second read.
 */

afterEach(() => {
  vi.restoreAllMocks();
});

/** A project, its store with a prompt started, and the file tools as a session makes them. */
function setup() {
  const project = tempDir("codebot-project-");
  const folder = path.join(tempDir("codebot-session-"), "file-checkpoints");
  const store = new CheckpointStore(() => folder);
  store.startPrompt("p1", 1000);
  const env: ToolEnvironment = {
    paths: new PathPolicy(project, false),
    env: {},
    fileCheckpoints: store,
    onFileWritten() {},
  };
  return { project, store, edit: editTool(env), write: writeTool(env) };
}

/** How many times `file` was read while `run` ran: read by its path, or opened to be read. */
async function readsOf(file: string, run: () => Promise<unknown>): Promise<number> {
  const reads = vi.spyOn(fs, "readFileSync");
  const opens = vi.spyOn(fs, "openSync");
  await run();
  const forReading = (flags: unknown) =>
    flags === undefined ||
    flags === "r" ||
    (typeof flags === "number" && (flags & 3) === fs.constants.O_RDONLY);
  return (
    reads.mock.calls.filter(([read]) => read === file).length +
    opens.mock.calls.filter(([opened, flags]) => opened === file && forReading(flags)).length
  );
}

describe("the copy of a file a tool read", () => {
  it("is what the tool read, not the file read again", () => {
    const t = setup();
    const file = path.join(t.project, "a.txt");
    fs.writeFileSync(file, "on disk\n");
    t.store.before(file, { content: Buffer.from("as read\n"), mode: 0o644 });
    fs.writeFileSync(file, "after\n");

    t.store.restore({ uuid: "p1", at: 1000 });

    expect(fs.readFileSync(file, "utf8")).toBe("as read\n");
  });

  it("is not kept past the store's limit of one file, measured on what the tool read", () => {
    const t = setup();
    const file = path.join(t.project, "big.bin");
    fs.writeFileSync(file, "small on disk");
    t.store.before(file, { content: Buffer.alloc(MAX_FILE_BYTES + 1), mode: 0o644 });

    expect(t.store.restore({ uuid: "p1", at: 1000 }).notRestorable).toEqual([file]);
  });

  it("an edit reads the file once, and its copy holds the file's bytes exactly, not valid UTF-8 too", async () => {
    const t = setup();
    const file = path.join(t.project, "latin1.txt");
    const original = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x61, 0x0a]); // "café a\n" in Latin-1
    fs.writeFileSync(file, original);

    const reads = await readsOf(file, () =>
      callTool(t.edit, { file_path: "latin1.txt", old_string: " a", new_string: " b" }),
    );
    t.store.restore({ uuid: "p1", at: 1000 });

    expect(reads).toBe(1);
    expect(fs.readFileSync(file).equals(original)).toBe(true);
  });

  it("a write over a file reads it once, for the lines it changes and the copy", async () => {
    const t = setup();
    const file = path.join(t.project, "a.txt");
    fs.writeFileSync(file, "before\n");

    const reads = await readsOf(file, () => callTool(t.write, { file_path: "a.txt", content: "after\n" }));
    t.store.restore({ uuid: "p1", at: 1000 });

    expect(reads).toBe(1);
    expect(fs.readFileSync(file, "utf8")).toBe("before\n");
  });
});

describe("what the session's copies take", () => {
  it("is measured from the folder once, not at each copy", () => {
    const project = tempDir("codebot-project-");
    const folder = path.join(tempDir("codebot-session-"), "file-checkpoints");
    const store = new CheckpointStore(() => folder);
    const listed = vi.spyOn(fs, "readdirSync");
    for (const name of ["a", "b", "c"]) {
      const file = path.join(project, `${name}.txt`);
      fs.writeFileSync(file, `${name} before\n`);
      store.startPrompt(`p-${name}`);
      store.before(file);
    }
    expect(listed.mock.calls.filter(([read]) => read === path.join(folder, "blobs"))).toHaveLength(1);
  });

  it("counts the copies made since it was measured: past 256 MiB a file is not kept", () => {
    const project = tempDir("codebot-project-");
    const folder = path.join(tempDir("codebot-session-"), "file-checkpoints");
    fs.mkdirSync(path.join(folder, "blobs"), { recursive: true });
    // An earlier copy 10 bytes short of the limit (a sparse file: no disk taken).
    const earlier = path.join(folder, "blobs", "0".repeat(64));
    fs.writeFileSync(earlier, "");
    fs.truncateSync(earlier, MAX_SESSION_BYTES - 10);
    const store = new CheckpointStore(() => folder);
    const five = path.join(project, "five.txt");
    const six = path.join(project, "six.txt");
    fs.writeFileSync(five, "12345");
    fs.writeFileSync(six, "123456");
    store.startPrompt("p1", 1000);
    store.before(five);
    store.before(six);

    expect(store.restore({ uuid: "p1", at: 1000 }).notRestorable).toEqual([six]);
  });

  it("is measured again in the folder of a new session (/clear)", () => {
    const project = tempDir("codebot-project-");
    const session = tempDir("codebot-session-");
    let folder = path.join(session, "one", "file-checkpoints");
    const store = new CheckpointStore(() => folder);
    const file = path.join(project, "a.txt");
    fs.writeFileSync(file, "before\n");
    store.startPrompt("p1");
    store.before(file);
    folder = path.join(session, "two", "file-checkpoints");
    fs.mkdirSync(path.join(folder, "blobs"), { recursive: true });
    const full = path.join(folder, "blobs", "0".repeat(64));
    fs.writeFileSync(full, "");
    fs.truncateSync(full, MAX_SESSION_BYTES);
    store.startPrompt("p2", 2000);
    store.before(file);

    expect(store.restore({ uuid: "p2", at: 2000 }).notRestorable).toEqual([file]);
  });
});
