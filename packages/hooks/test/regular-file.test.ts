import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { NotRegularFileError, openRegularFile } from "../src/regular-file.js";
import { tempDir } from "./support.js";

/** The kind of what openRegularFile refused, or "opened" when it did not refuse. */
function refusal(file: string): string {
  let opened: { fd: number } | undefined;
  try {
    opened = openRegularFile(file);
  } catch (error) {
    if (!(error instanceof NotRegularFileError)) throw error;
    const { stat } = error;
    return stat.isFIFO()
      ? "fifo"
      : stat.isDirectory()
        ? "directory"
        : stat.isCharacterDevice()
          ? "device"
          : "other";
  }
  fs.closeSync(opened.fd);
  return "opened";
}

describe("openRegularFile", () => {
  it("opens a regular file and gives its fstat", () => {
    const file = path.join(tempDir(), "a.txt");
    fs.writeFileSync(file, "abc");
    const { fd, stat } = openRegularFile(file);
    try {
      expect(stat.size).toBe(3);
      expect(fs.readFileSync(fd, "utf8")).toBe("abc");
    } finally {
      fs.closeSync(fd);
    }
  });

  it("refuses a named pipe nobody writes to, at once instead of waiting for a writer", () => {
    const fifo = path.join(tempDir(), "pipe");
    execFileSync("mkfifo", [fifo]);
    expect(refusal(fifo)).toBe("fifo");
  });

  it("refuses a directory", () => {
    expect(refusal(tempDir())).toBe("directory");
  });

  it("refuses a device, which a read never ends on (/dev/zero)", () => {
    expect(refusal("/dev/zero")).toBe("device");
  });

  it("follows a symlink to a regular file unless told not to (noFollow: ELOOP)", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "target"), "x");
    const link = path.join(dir, "link");
    fs.symlinkSync("target", link);
    expect(refusal(link)).toBe("opened");
    expect(() => openRegularFile(link, { noFollow: true })).toThrow(
      expect.objectContaining({ code: "ELOOP" }),
    );
  });

  it("refuses a symlink to a device as the device", () => {
    const link = path.join(tempDir(), "zero");
    fs.symlinkSync("/dev/zero", link);
    expect(refusal(link)).toBe("device");
  });
});
