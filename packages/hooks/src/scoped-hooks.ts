/**
 * Hooks that join a running runner for a while instead of coming from settings: a skill's
 * front-matter hooks from when the skill is loaded, a sub-agent's while it runs (issue 14 item 4).
 *
 * - `add(scopeId, hooks, options)` puts compiled hooks in force and returns the function that
 *   takes them out again (calling it twice is harmless). Adding a scope id that is in force
 *   replaces that scope's hooks.
 * - `options.when` narrows a scope to some firings (a sub-agent's hooks: only its own calls).
 * - For each event, the configured hooks run first, then the scopes in the order they were added.
 * - A hook compiled with `once` (Claude Code's `once: true` for skill hooks) leaves its scope as
 *   soon as a firing plans to run it: it runs once per session.
 */
import type { CompiledHook } from "./compiled-hook.js";
import type { HookEvent } from "./events.js";
import type { PayloadFields } from "./payload.js";

export interface ScopeOptions {
  /** The scope's hooks take part only in firings this accepts (default: every firing). */
  when?: (fields: PayloadFields) => boolean;
}

interface Scope {
  hooks: CompiledHook[];
  when?: (fields: PayloadFields) => boolean;
}

const NONE: readonly CompiledHook[] = [];

export class ScopedHooks {
  /** Insertion order is the order scopes run in (Map keeps it). */
  private readonly scopes = new Map<string, Scope>();

  add(scopeId: string, hooks: readonly CompiledHook[], options: ScopeOptions = {}): () => void {
    const scope: Scope = { hooks: [...hooks], ...(options.when ? { when: options.when } : {}) };
    this.scopes.delete(scopeId);
    this.scopes.set(scopeId, scope);
    return () => {
      // A later add of the same id replaced this scope: that one is not ours to remove.
      if (this.scopes.get(scopeId) === scope) this.scopes.delete(scopeId);
    };
  }

  /** Every hook of the scopes in force. */
  all(): CompiledHook[] {
    return [...this.scopes.values()].flatMap((scope) => scope.hooks);
  }

  /** True when some scope in force has a hook for the event (whatever its `when`). */
  has(event: HookEvent): boolean {
    for (const scope of this.scopes.values()) if (scope.hooks.some((h) => h.event === event)) return true;
    return false;
  }

  /** The scoped hooks of the event that take part in a firing with these fields, in scope order. */
  forFiring(event: HookEvent, fields: PayloadFields): readonly CompiledHook[] {
    if (this.scopes.size === 0) return NONE;
    const out: CompiledHook[] = [];
    for (const scope of this.scopes.values()) {
      if (scope.when && !scope.when(fields)) continue;
      for (const hook of scope.hooks) if (hook.event === event) out.push(hook);
    }
    return out;
  }

  /** A firing is about to run these hooks: those compiled with `once` leave their scope now. */
  spend(hooks: Iterable<CompiledHook>): void {
    for (const hook of hooks) {
      if (hook.once !== true) continue;
      for (const scope of this.scopes.values()) {
        const at = scope.hooks.indexOf(hook);
        if (at >= 0) scope.hooks.splice(at, 1);
      }
    }
  }
}
