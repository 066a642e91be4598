/**
 * A rule saved (`/permissions add`) into a settings file that is not UTF-8 would write each bad
 * byte back as U+FFFD: the file is refused, left byte for byte as it was.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { addRuleToFile } from "../src/settings/permission-rule-edit.js";
import { tempDir } from "./support/temp-dirs.js";

describe("saving a rule into a settings file that is not UTF-8", () => {
  it("is refused with why, and the file keeps its bytes", () => {
    const file = path.join(tempDir("codebot-not-utf8-"), "settings.json");
    const bytes = Buffer.concat([Buffer.from("{ // caf"), Buffer.from([0xe9]), Buffer.from("\n}\n")]);
    fs.writeFileSync(file, bytes);
    expect(() => addRuleToFile({ place: "user", file }, "allow", "Bash(npm test)")).toThrow(
      /not UTF-8 text; save it as UTF-8/,
    );
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
  });
});
