import { describe, expect, it } from "vitest";
import {
  projectAskedInVain,
  screenReaderBanner,
  screenReaderMode,
} from "../../src/cli/interactive/screen-reader-mode.js";

const user = { source: "user" as const, settings: { axScreenReader: true } };
const project = { source: "project" as const, settings: { axScreenReader: true } };

describe("screenReaderMode: what turns screen-reader mode on, as claude 2.1.328", () => {
  it("is on by the flag, by CLAUDE_AX_SCREEN_READER, or by the user's settings, and says which", () => {
    expect(screenReaderMode(true, {}, [])).toBe("flag");
    expect(screenReaderMode(false, { CLAUDE_AX_SCREEN_READER: "1" }, [])).toBe("env");
    expect(screenReaderMode(false, {}, [user])).toBe("settings");
    expect(screenReaderMode(false, {}, [])).toBeUndefined();
  });

  it("is off when the variable says so, whatever the settings say", () => {
    expect(screenReaderMode(false, { CLAUDE_AX_SCREEN_READER: "0" }, [user])).toBeUndefined();
  });

  it("cannot be turned on by a project's settings, and then says where it can be", () => {
    expect(
      screenReaderMode(false, {}, [project, { source: "local", settings: { axScreenReader: true } }]),
    ).toBe(undefined);
    expect(projectAskedInVain(undefined, [project])).toMatch(
      /^Screen reader mode is off: project settings can't/,
    );
    expect(projectAskedInVain("flag", [project])).toBeUndefined();
    expect(projectAskedInVain(undefined, [user])).toBeUndefined();
  });

  it("names its source in the banner's first line", () => {
    expect(screenReaderBanner("env")).toBe("[Screen Reader Mode: on via env]");
  });
});
