/** One exact string replacement, as `edit` and each step of `multi_edit` make it. */
export interface StringEdit {
  old_string: string;
  new_string: string;
  replace_all?: boolean | undefined;
}

/**
 * Applies one replacement to a file's text: the new text and how many places changed, or why it
 * cannot be applied (the words the model reads to fix its call).
 */
export function applyStringEdit(
  text: string,
  edit: StringEdit,
): { ok: true; text: string; count: number } | { ok: false; error: string } {
  if (edit.old_string === "") return { ok: false, error: "old_string is empty; use write to create a file" };
  if (edit.old_string === edit.new_string)
    return { ok: false, error: "old_string and new_string are the same; nothing to change" };
  // split/join replaces literally: no `$&` patterns as with String.replace.
  const pieces = text.split(edit.old_string);
  const count = pieces.length - 1;
  if (count === 0)
    return { ok: false, error: "old_string not found in the file; read the file and copy the text exactly" };
  if (count > 1 && edit.replace_all !== true) {
    return {
      ok: false,
      error: `old_string matches ${count} times; add surrounding context to make it unique, or set replace_all`,
    };
  }
  return { ok: true, text: pieces.join(edit.new_string), count };
}
