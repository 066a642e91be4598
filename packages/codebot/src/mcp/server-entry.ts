/** One MCP server as codebot read it: where from, what it runs, and what approving it covers. */
import type { ApprovedRun } from "../settings/approved-files.js";
import type { ServerConfig } from "./server-config.js";
import type { ServerOrigin } from "./server-origin.js";

export interface ServerEntry {
  name: string;
  /** As written, `${VAR}` not expanded yet. */
  config: ServerConfig;
  origin: ServerOrigin;
  /** The file it was read from (`--mcp-config` inline JSON: `<inline>`). */
  file: string;
  /** A project's entry (project files): its values are shown as written, its remote calls guarded. */
  needsConsent: boolean;
  /**
   * Run only once the user approved `grant`: a project's entry, or your own that would run a
   * program of the project (`npx srv` where the repository ships `node_modules/.bin/srv`), as
   * your own hooks are held (hook-consent.ts).
   */
  approvalNeeded: boolean;
  /** `mcp:<name>=<fingerprint>`: what the trust store records when it is approved. */
  grant: string;
  /**
   * The project files it runs as they were when read (maybe none): a later start (a restart after
   * it died, a reconnect) is refused once one changed or a new one would run (changed-program.ts),
   * as the model may have rewritten it in between. Absent for the program's own (Agent SDK) servers.
   */
  approved?: ApprovedRun;
  /** The project files it runs, whose content the grant covers (entries needing approval only). */
  scripts: string[];
  /** Words naming something it runs whose file codebot cannot determine (consent entries only; serverScripts). */
  unchecked: string[];
  /** Of `scripts`, those an argument names whose role codebot does not know (serverScripts). */
  unknownRole: string[];
  /** Extra variables for `${VAR}` (a plugin's `CLAUDE_PLUGIN_ROOT`). */
  vars: Record<string, string>;
  /**
   * Your own entry of the same name that this project entry replaced: it runs while this one is
   * not approved, as claude 2.1.328 keeps your user-scope server then (recorded). ownInPlaceOfUnapproved.
   */
  shadows?: ServerEntry;
}
