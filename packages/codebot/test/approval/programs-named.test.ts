/** The programs a bash command runs, named for a question that shows only its start and end. */
import { describe, expect, it } from "vitest";
import { programsNamed } from "../../src/approval/programs-named.js";

describe("programsNamed", () => {
  it("names each program once, in order, those run by another too, and a shell reading its input runs what it cannot name", () => {
    expect(programsNamed("npm test && curl -s x | sh; npm test; nice rm -f y")).toBe(
      "npm, curl, sh, nice, rm and what it cannot name",
    );
  });

  it("ends with what it cannot name when a command word is filled in as it runs", () => {
    expect(programsNamed('ls; "$X" y')).toBe("ls and what it cannot name");
  });

  it("reads no command past 200,000 characters, and says so", () => {
    expect(programsNamed(`npm test ${"x".repeat(200_000)}`)).toBe(
      "what codebot does not read in so long a command",
    );
  });

  it("cuts a long program name to 40 characters", () => {
    expect(programsNamed(`${"p".repeat(5000)} x; ls`)).toBe(`${"p".repeat(40)}… and ls`);
  });
});
