import { type HookConsent, type HookSpec, hookConsent, type SettingsSource } from "@codebot/hooks";
import type { PermissionMode } from "../settings/runtime-settings.js";
import { EXIT_PLAN_MODE } from "../tools/plan-mode-tools.js";
import type { AskHookApproval, HookApprovalRequest, HookApprovalResult } from "./approval-types.js";
import type { AskQueue } from "./ask-queue.js";
import { heldOwnHookLine, heldOwnHookReason } from "./held-own-hook.js";
import type { TrustStore } from "./trust-store.js";
import { visible } from "./visible-text.js";

export interface HookApprovalOptions {
  mode: () => PermissionMode;
  /** The project directory: the scripts a hook command runs from it are part of what is approved. */
  projectDir: string;
  trustStore: TrustStore;
  queue: AskQueue;
  /** `--trust-project-hooks`: approve every project/local hook for this run only. */
  trustProjectHooks?: boolean;
  /** Consent fingerprints the user approved for this session only (the project question's "y"). */
  approvedOnce?: readonly string[];
  ask?: AskHookApproval;
  /** Told when an "always" answer could not be saved (a full disk): it then holds for this session only. */
  notify?: (message: string) => void;
  /**
   * The `PATH` and loading variables the settings' `env` gives hooks, where the user's own settings
   * set them (not a project's approved value, whose grant covers the files it loads): a relative
   * folder in `PATH` makes a bare name the project's program, a relative file in `NODE_OPTIONS`
   * or `BASH_ENV` is loaded from the project (own-settings-env.ts).
   */
  settingsEnv?: () => Readonly<Record<string, string>> | undefined;
}

/** A hook as far as trust is concerned. */
export interface HookIdentity {
  source: SettingsSource;
  /** The entry's fingerprint. */
  fingerprint: string;
  /** What it runs: a command's project scripts count too (consentFingerprint). */
  spec: HookSpec;
  /** The entry's own env: scripts its values load count too. */
  env?: Readonly<Record<string, string>>;
}

/** A user's own hook as its held notice names it: `name` unless derived (held-own-hook.ts). */
export type HeldHook = HookIdentity & { path: string; name?: string; derivedName?: true };

const UNTRUSTED = `not trusted; run "codebot hooks trust" to review project hooks`;

/**
 * Approves hooks before they run (§8). The user's own hooks (user, cli, plugin) are approved
 * unless they run a program of the project; project and local hooks, and those, need their
 * consent fingerprint approved (hook-consent.ts), through the trust store, the one-run option, or
 * a question. In plan mode no hook runs.
 */
export class HookApproval {
  /** "once" and "deny" answers, remembered for the session so a hook is asked about only once. */
  private readonly answered = new Map<string, boolean>();
  private readonly pending = new Map<string, Promise<HookApprovalResult>>();
  /** The consent fingerprints of the user's own hooks the user was told were held: told once. */
  private readonly toldHeld = new Set<string>();

  constructor(private readonly options: HookApprovalOptions) {}

  /** The runner's `approveHook`: at once, unless the user is asked. */
  approve = (request: HookApprovalRequest): HookApprovalResult | Promise<HookApprovalResult> => {
    if (this.options.mode() === "plan") {
      // exit_plan_mode is the way out of plan mode, and a person answers each call: a guard
      // (PreToolUse, PermissionRequest) that cannot run here has nothing to guard, and refusing the
      // call would leave a catch-all hook's user stuck in plan mode.
      if (request.tool === EXIT_PLAN_MODE)
        return { approved: false, reason: "not run in plan mode", guardsNothing: true };
      return { approved: false, reason: "not run in plan mode" };
    }
    if (this.options.trustProjectHooks === true) return { approved: true };
    // Worked out now, not when the session started: a script edited since then asks again.
    const { source, fingerprint: entry, hook } = request;
    const consent = this.consentOf({
      source,
      fingerprint: entry,
      spec: hook.spec,
      env: hook.env,
      plugin: hook.plugin,
    });
    if (!consent.needed) return { approved: true };
    const { fingerprint } = consent;
    if (this.isTrusted(fingerprint)) return { approved: true };
    const remembered = this.answered.get(fingerprint);
    if (remembered !== undefined)
      return remembered ? { approved: true } : { approved: false, reason: "denied by the user" };
    if (this.options.ask === undefined) {
      // A user's own hook held mid-session (the program it runs appeared or changed since the
      // start's notice): the user is told, not only the trace.
      const held = this.heldOnce(
        { ...request, spec: hook.spec, name: hook.name, ...(hook.derivedName ? { derivedName: true } : {}) },
        consent,
      );
      if (held !== undefined) this.options.notify?.(held);
      return {
        approved: false,
        reason: untrustedReason(request.source, consent, this.options.projectDir),
      };
    }
    if (request.signal.aborted) return expired(request.signal);
    // Concurrent firings of one hook share one question (asked, and withdrawn, with the first one's signal).
    let answer = this.pending.get(fingerprint);
    if (answer === undefined) {
      answer = this.askUser(request, fingerprint, this.options.ask).finally(() =>
        this.pending.delete(fingerprint),
      );
      this.pending.set(fingerprint, answer);
    }
    return answer;
  };

  /** Project/local hooks that will not run in this session unless someone approves them. */
  untrusted<H extends HookIdentity>(hooks: readonly H[]): H[] {
    if (this.options.mode() === "plan" || this.options.trustProjectHooks === true) return [];
    return hooks.filter((h) => {
      const consent = this.consentOf(h);
      return consent.needed && !this.isTrusted(consent.fingerprint);
    });
  }

  /**
   * The notice that a user's own hook is held because it runs a program of the project not
   * approved for it, the first time for that hook and program content; `undefined` otherwise.
   */
  tellHeld(hook: HeldHook): string | undefined {
    return this.heldOnce(hook, this.consentOf(hook));
  }

  /** What approving `hook` takes now, with the PATH and loading variables the settings give it. */
  private consentOf(hook: HookIdentity & { plugin?: { root: string; dataDir: string } }): HookConsent {
    const settingsEnv = this.options.settingsEnv?.();
    return hookConsent(settingsEnv === undefined ? hook : { ...hook, settingsEnv }, this.options.projectDir);
  }

  private heldOnce(hook: HeldHook, consent: HookConsent): string | undefined {
    const own = hook.source !== "project" && hook.source !== "local";
    if (
      !own ||
      !consent.needed ||
      this.isTrusted(consent.fingerprint) ||
      this.toldHeld.has(consent.fingerprint)
    )
      return undefined;
    this.toldHeld.add(consent.fingerprint);
    return heldOwnHookLine(hook, consent.scripts, this.options.projectDir, consent.unnamedRuns);
  }

  /** Approved for good (the trust store) or for this session (`approvedOnce`). */
  private isTrusted(fingerprint: string): boolean {
    return (
      this.options.trustStore.isHookTrusted(fingerprint) ||
      this.options.approvedOnce?.includes(fingerprint) === true
    );
  }

  private async askUser(
    request: HookApprovalRequest,
    fingerprint: string,
    ask: AskHookApproval,
  ): Promise<HookApprovalResult> {
    let answer: string;
    try {
      // A question that waited in the queue past its hook's timeout is never put.
      answer = await this.options.queue.run(() =>
        request.signal.aborted ? Promise.resolve("deny") : ask(request),
      );
    } catch (error) {
      return { approved: false, reason: `approval failed: ${(error as Error).message}` };
    }
    // Withdrawn unanswered: not the user's "no", so it is not remembered; the hook is asked about next time.
    if (request.signal.aborted) return expired(request.signal);
    if (answer === "always") {
      const { event, source, label, path } = request;
      try {
        this.options.trustStore.trustHook(fingerprint, { event, source, label, path });
      } catch (error) {
        // The approval still holds for this session even if it could not be saved; the user,
        // who asked for it to be remembered, is told.
        this.answered.set(fingerprint, true);
        this.options.notify?.(
          `codebot: could not save the approval of hook ${visible(label)} (${(error as Error).message}); allowed for this session`,
        );
      }
      return { approved: true };
    }
    this.answered.set(fingerprint, answer === "once");
    return answer === "once" ? { approved: true } : { approved: false, reason: "denied by the user" };
  }
}

/**
 * Why a hook that is not approved did not run: a project hook is not trusted; the user's own hook
 * runs a program of the project (hook-consent.ts), named so the user knows what held it.
 */
function untrustedReason(source: SettingsSource, consent: HookConsent, projectDir: string): string {
  return source === "project" || source === "local"
    ? UNTRUSTED
    : heldOwnHookReason(consent.scripts, projectDir, consent.unnamedRuns);
}

/** The hook was given up before the user answered (its timeout passed, or its run was cancelled). */
function expired(signal: AbortSignal): HookApprovalResult {
  const why = signal.reason instanceof Error ? signal.reason.message : "the hook was given up";
  return { approved: false, reason: why };
}
