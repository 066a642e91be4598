import fs from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { forkSessionFiles } from "../src/transcript/fork-session.js";
import { tempDir } from "./support/temp-dirs.js";

const FROM = "0f1e2d3c-4b5a-4697-8877-665544332211";
const TO = "1a2b3c4d-5e6f-4a0b-8c1d-2e3f4a5b6c7d";

describe("forkSessionFiles", () => {
  it("copies every line under the new id, each message saying where it came from (forkedFrom, as claude's /branch), and a line a crash cut off as it was", () => {
    const dir = tempDir("codebot-fork-");
    const whole = JSON.stringify({ type: "user", uuid: "u1", sessionId: FROM, session_id: FROM });
    const title = JSON.stringify({ type: "custom-title", sessionId: FROM, customTitle: "t" });
    fs.writeFileSync(path.join(dir, `${FROM}.jsonl`), `${whole}\n${title}\n{"type":"assi`);
    forkSessionFiles(dir, FROM, TO);
    const lines = fs.readFileSync(path.join(dir, `${TO}.jsonl`), "utf8").split("\n");
    expect(JSON.parse(lines[0] as string)).toEqual({
      type: "user",
      uuid: "u1",
      sessionId: TO,
      session_id: TO,
      forkedFrom: { sessionId: FROM, messageUuid: "u1" },
    });
    expect(JSON.parse(lines[1] as string)).toMatchObject({ sessionId: TO, customTitle: "t" });
    expect(lines[2]).toBe('{"type":"assi');
  });

  it("copies the unverified mark, so the fork still validates the changes made before it", () => {
    const dir = tempDir("codebot-fork-");
    fs.writeFileSync(path.join(dir, `${FROM}.jsonl`), "");
    fs.writeFileSync(path.join(dir, `${FROM}.unverified`), "");
    forkSessionFiles(dir, FROM, TO);
    expect(fs.existsSync(path.join(dir, `${TO}.unverified`))).toBe(true);
  });

  it("forks a transcript too big for one string (readFileSync fails with ERR_STRING_TOO_LONG beyond 512 MB), line by line", () => {
    const dir = tempDir("codebot-fork-");
    const line = JSON.stringify({ type: "user", uuid: "u1", sessionId: FROM });
    fs.writeFileSync(path.join(dir, `${FROM}.jsonl`), `${line}\n`);
    const tooLong = Object.assign(new Error("Cannot create a string longer than 0x1fffffe8 characters"), {
      code: "ERR_STRING_TOO_LONG",
    });
    const whole = vi.spyOn(fs, "readFileSync").mockImplementation(() => {
      throw tooLong;
    });
    try {
      forkSessionFiles(dir, FROM, TO);
    } finally {
      whole.mockRestore();
    }
    expect(JSON.parse(fs.readFileSync(path.join(dir, `${TO}.jsonl`), "utf8"))).toMatchObject({
      uuid: "u1",
      sessionId: TO,
    });
  });

  it("refuses a name that is not a session id, and a session that does not exist, writing nothing", () => {
    const dir = tempDir("codebot-fork-");
    expect(() => forkSessionFiles(dir, "../../x", TO)).toThrow('session: "../../x" is not a session id');
    expect(() => forkSessionFiles(dir, FROM, TO)).toThrow(`session: no session ${FROM} in this project`);
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
