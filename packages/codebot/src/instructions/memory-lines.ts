import { visible } from "../approval/visible-text.js";
import type { LoadedInstructions } from "./instruction-file.js";

/**
 * What `/memory` prints: each instruction file given to the model, in the order the model reads
 * it, with its kind, size and (for an import) the file that imported it; then what could not be
 * read. A repository's file names (an import of `sub<ESC>]52;…`) may hold escape sequences: they
 * are written out, as on the consent screens.
 */
export function memoryLines(loaded: LoadedInstructions): string[] {
  const lines =
    loaded.files.length === 0
      ? ["no instruction files loaded (AGENTS.md, CODEBOT.md, CLAUDE.md, …; see docs/runtime.md)"]
      : [
          "instruction files given to the model (later ones take precedence):",
          ...loaded.files.map((file) => {
            const origin = file.importedBy !== undefined ? `, imported by ${file.importedBy}` : "";
            return visible(`  ${file.path}  (${file.scope}, ${Buffer.byteLength(file.text)} bytes${origin})`);
          }),
        ];
  if (loaded.problems.length > 0)
    lines.push("not loaded:", ...loaded.problems.map((problem) => `  ${visible(problem)}`));
  return lines;
}
