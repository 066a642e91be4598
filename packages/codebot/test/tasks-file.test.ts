/** A damaged tasks file is reported and set aside, never overwritten unseen. */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TaskStore } from "../src/tasks/task-store.js";
import { tempDir } from "./support/temp-dirs.js";

/** A tasks file holding A and B, and the store's notices. */
function twoTasks() {
  const file = path.join(tempDir("codebot-tasks-file-"), "s.tasks.json");
  const first = new TaskStore(file);
  first.create({ subject: "A", description: "" });
  first.create({ subject: "B", description: "" });
  const notices: string[] = [];
  return { file, notices, open: () => new TaskStore(file, (m) => notices.push(m)) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a damaged tasks file", () => {
  it("cut in half: reported, kept byte for byte as .bad, and the new list is written beside it", () => {
    const t = twoTasks();
    const whole = fs.readFileSync(t.file, "utf8");
    const cut = whole.slice(0, whole.length / 2);
    fs.writeFileSync(t.file, cut);
    const store = t.open();
    expect(t.notices).toHaveLength(1);
    expect(t.notices[0]).toMatch(
      new RegExp(
        `^codebot: tasks file ${t.file} is damaged \\(not JSON: .+\\); kept as ${t.file}\\.bad, starting a new list$`,
      ),
    );
    expect(fs.readFileSync(`${t.file}.bad`, "utf8")).toBe(cut);
    expect(store.list()).toEqual([]);
    store.create({ subject: "C", description: "" });
    expect(fs.readFileSync(`${t.file}.bad`, "utf8")).toBe(cut);
  });

  it("the readable tasks are written back at once: a later session has them though this one changed nothing", () => {
    const t = twoTasks();
    const stored = JSON.parse(fs.readFileSync(t.file, "utf8"));
    stored.tasks[1].status = "bogus";
    fs.writeFileSync(t.file, JSON.stringify(stored));
    t.open();
    const later = t.open();
    expect(later.list().map((x) => x.subject)).toEqual(["A"]);
    expect(later.create({ subject: "C", description: "" }).id).toBe("3");
    expect(t.notices).toHaveLength(1);
  });

  it("cut in half: the next task is numbered after every id the damaged text names", () => {
    const t = twoTasks();
    const whole = fs.readFileSync(t.file, "utf8");
    fs.writeFileSync(t.file, whole.slice(0, whole.indexOf('"B"')));
    const store = t.open();
    expect(store.create({ subject: "C", description: "" }).id).toBe("3");
  });

  it("cut short: ids below the next_id it names stay used, those of deleted tasks too", () => {
    const file = path.join(tempDir("codebot-tasks-file-"), "s.tasks.json");
    const task = (id: string) => ({ id, subject: id, description: "", status: "pending" });
    const whole = JSON.stringify({ next_id: 20, tasks: [task("3"), task("5")] });
    fs.writeFileSync(file, whole.slice(0, -10));
    const store = new TaskStore(file, () => {});
    expect(store.create({ subject: "new", description: "" }).id).toBe("20");
  });

  it("a second damaged file does not replace the first one's .bad copy", () => {
    const t = twoTasks();
    fs.writeFileSync(t.file, "first damage");
    t.open();
    fs.writeFileSync(t.file, "second damage");
    t.open();
    expect(fs.readFileSync(`${t.file}.bad`, "utf8")).toBe("first damage");
    expect(fs.readFileSync(`${t.file}.2.bad`, "utf8")).toBe("second damage");
    expect(t.notices[1]).toContain(`kept as ${t.file}.2.bad`);
  });

  it("with an unreadable task: the rest goes on, the file is kept as .bad, and no id is reused", () => {
    const t = twoTasks();
    const stored = JSON.parse(fs.readFileSync(t.file, "utf8"));
    stored.tasks[0].status = "blocked";
    fs.writeFileSync(t.file, JSON.stringify(stored));
    const store = t.open();
    expect(t.notices[0]).toMatch(
      /is damaged \(1 of 2 tasks unreadable\); kept as .*\.bad, going on with the 1 readable task$/,
    );
    expect(store.list().map((x) => x.subject)).toEqual(["B"]);
    expect(store.create({ subject: "C", description: "" }).id).toBe("3");
  });

  it("that cannot be set aside is not overwritten: changes fail and say why", () => {
    const t = twoTasks();
    fs.writeFileSync(t.file, "{");
    const rename = vi.spyOn(fs, "renameSync").mockImplementation(() => {
      throw new Error("EROFS: read-only file system, rename");
    });
    const store = t.open();
    expect(t.notices[0]).toMatch(/is damaged \(not JSON: .+\) and could not be set aside \(EROFS: .+\)/);
    rename.mockRestore();
    expect(() => store.create({ subject: "C", description: "" })).toThrow(/move it away to save tasks again/);
    expect(fs.readFileSync(t.file, "utf8")).toBe("{");
  });
});
