/** One exact string replacement, as `edit` makes it. */
export interface StringEdit {
  old_string: string;
  new_string: string;
  replace_all?: boolean | undefined;
}
