import { describe, expect, it } from "vitest";
import { filesRunBy, scriptReferences } from "../src/script-references.js";
import { guardProject as project } from "./support/guard-project.js";

describe("a shell or interpreter reading its script from a here-document or here-string", () => {
  it("a here-document fed to a shell is its script: the project files it runs count", () => {
    const { dir, n } = project();
    expect(filesRunBy("sh <<EOF\n./n\nEOF", dir)).toEqual([n]);
    expect(filesRunBy("bash <<'EOF'\nsh n\nEOF", dir)).toEqual([n]);
    expect(filesRunBy("sh <<-EOF\n\t. ./n\n\tEOF", dir)).toEqual([n]);
    expect(filesRunBy("cat <<EOF | bash\nsource n\nEOF", dir)).toEqual([n]);
  });

  it("a here-string fed to a shell is its script", () => {
    const { dir, n } = project();
    expect(filesRunBy("bash <<< '. ./n'", dir)).toEqual([n]);
    expect(filesRunBy('sh <<< "sh n"', dir)).toEqual([n]);
  });

  it("another interpreter's code from a here-document names what it loads, as its -c code does", () => {
    const { dir, n } = project();
    expect(filesRunBy("python3 <<EOF\nexec(open('n').read())\nEOF", dir)).toEqual([n]);
    expect(filesRunBy("node <<'EOF'\nrequire('./n')\nEOF", dir)).toEqual([n]);
  });

  it("a script named as the shell's own stdin (/dev/stdin, /dev/fd/0) is what comes in", () => {
    const { dir, n } = project();
    expect(filesRunBy("sh /dev/stdin < n", dir)).toEqual([n]);
    expect(filesRunBy("bash /proc/self/fd/0 < n", dir)).toEqual([n]);
    expect(filesRunBy("cat n | bash /dev/fd/0", dir)).toEqual([n]);
    expect(filesRunBy('. /dev/stdin <<< "$(cat n)"', dir)).toEqual([n]);
    expect(filesRunBy("source /dev/stdin <<EOF\n./n\nEOF", dir)).toEqual([n]);
  });

  it("a here-document a command reads as data runs nothing, and its expansions are no unchecked script", () => {
    const { dir } = project();
    expect(filesRunBy("cat <<EOF > out\n./n\nEOF", dir)).toEqual([]);
    expect(filesRunBy("jq . <<< n", dir)).toEqual([]);
    expect(scriptReferences("cat <<EOF\n$HOME ./n\nEOF", dir).unchecked).toEqual([]);
  });

  it("a shell's here-document whose expansions codebot cannot know is listed as unchecked", () => {
    const { dir } = project();
    expect(scriptReferences("sh <<EOF\n$X\nEOF", dir).unchecked).toContain("<<EOF");
  });
});
