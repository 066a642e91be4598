import type readline from "node:readline";
import type { SessionSummary } from "../../transcript/session-files.js";
import type { Styles } from "../output/styles.js";
import { LISTED, sessionRows } from "./session-rows.js";

/**
 * `codebot -r` with a terminal for input but output that is none: the project's sessions, newest
 * first, and the user picks one by number (a terminal at both ends gets the picker, session-picker.ts).
 */
export function pickSession(
  rl: readline.Interface,
  print: (line: string) => void,
  s: Styles,
  columns: () => number | undefined,
): (sessions: SessionSummary[]) => Promise<SessionSummary | undefined> {
  return (sessions) => {
    const listed = sessions.slice(0, LISTED);
    print(s.bold("sessions of this project, newest first:"));
    for (const row of sessionRows(listed, columns())) print(row);
    return new Promise((resolve) => {
      rl.question(`resume which? [1-${listed.length}, Enter for none] `, (answer) => {
        const n = Number(answer.trim());
        resolve(Number.isInteger(n) && n >= 1 && n <= listed.length ? listed[n - 1] : undefined);
      });
    });
  };
}
