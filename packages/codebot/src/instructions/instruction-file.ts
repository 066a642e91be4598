/** Where an instruction file comes from: the user's own folders, or the project (shared or personal). */
export type InstructionScope = "user" | "project" | "local";

/** One instruction file as the model is given it. */
export interface InstructionFile {
  /** Absolute path, as found (not resolved through symlinks). */
  path: string;
  scope: InstructionScope;
  text: string;
  /** The file whose `@path` line brought this one in; absent for a file found by its name. */
  importedBy?: string;
}

/** Everything loaded for a session, in the order the model reads it (later takes precedence). */
export interface LoadedInstructions {
  files: InstructionFile[];
  /** One line each: a file or an import that could not be read; the rest still loads. */
  problems: string[];
}
