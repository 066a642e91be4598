/**
 * The managed settings' switches over hooks (managed-switches.ts), through loadHooks and plan: a
 * user or project cannot switch the policy's hooks off; the policy can switch everything off, or
 * run its own hooks alone.
 */
import { describe, expect, it } from "vitest";
import { allowedHostsFromLayers } from "../src/http-allowlist.js";
import { loadHooks } from "../src/load-hooks.js";
import { plan } from "../src/plan.js";
import type { SettingsLayer } from "../src/settings-layer.js";

const hook = (name: string) => ({ type: "command", command: "true", name });
const layer = (source: SettingsLayer["source"], settings: Record<string, unknown>): SettingsLayer => ({
  source,
  path: `/settings/${source}.json`,
  settings,
});
const managedHooks = layer("managed", { hooks: { UserPromptSubmit: [hook("policy")] } });

/** Each hook's name with why it is skipped in a UserPromptSubmit firing ("runs" when it runs). */
function fate(layers: SettingsLayer[]): Record<string, string> {
  const loaded = loadHooks(layers);
  const planned = plan({ event: "UserPromptSubmit" } as never, loaded.hooks, {
    disabled: loaded.disabled,
    ...(loaded.unmanagedOff ? { unmanagedOff: loaded.unmanagedOff } : {}),
  });
  const out: Record<string, string> = {};
  for (const step of planned.steps) {
    for (const s of step.skipped) out[s.hook.name] = s.reason;
    for (const h of [...step.wait, ...step.background]) out[h.name] = "runs";
  }
  return out;
}

describe("managed hook switches", () => {
  it("disableAllHooks outside the managed settings leaves the managed hooks running", () => {
    const user = layer("cli", { disableAllHooks: true, hooks: { UserPromptSubmit: [hook("mine")] } });
    expect(fate([managedHooks, user])).toEqual({ policy: "runs", mine: "hooks disabled" });
  });

  it("says so in a warning naming the file that set disableAllHooks", () => {
    const loaded = loadHooks([managedHooks, layer("user", { disableAllHooks: true })]);
    expect(loaded.problems).toContainEqual(
      expect.objectContaining({
        severity: "warning",
        file: "/settings/user.json",
        message: "disableAllHooks does not switch off the managed settings' hooks; they still run",
      }),
    );
  });

  it("disableAllHooks without managed hooks still switches every hook off", () => {
    const loaded = loadHooks([
      layer("user", { disableAllHooks: true, hooks: { UserPromptSubmit: [hook("mine")] } }),
    ]);
    expect(loaded.disabled).toBe(true);
    expect(loaded.unmanagedOff).toBeUndefined();
  });

  it("disableAllHooks in the managed settings switches every hook off, its own too", () => {
    const managed = layer("managed", {
      disableAllHooks: true,
      hooks: { UserPromptSubmit: [hook("policy")] },
    });
    const user = layer("user", { hooks: { UserPromptSubmit: [hook("mine")] } });
    expect(fate([managed, user])).toEqual({ policy: "all hooks disabled", mine: "all hooks disabled" });
  });

  it("allowManagedHooksOnly in the managed settings skips every other hook", () => {
    const managed = layer("managed", {
      allowManagedHooksOnly: true,
      hooks: { UserPromptSubmit: [hook("policy")] },
    });
    const user = layer("user", { hooks: { UserPromptSubmit: [hook("mine")] } });
    const plugin = layer("plugin", { hooks: { UserPromptSubmit: [hook("plugged")] } });
    expect(fate([managed, user, plugin])).toEqual({
      policy: "runs",
      mine: "managed hooks only",
      plugged: "managed hooks only",
    });
  });

  it("allowManagedHooksOnly runs the hooks of a plugin the managed settings force on", () => {
    const managed = layer("managed", { allowManagedHooksOnly: true });
    const forced: SettingsLayer = {
      ...layer("plugin", { hooks: { UserPromptSubmit: [hook("forced")] } }),
      plugin: { name: "guard", root: "/p", dataDir: "/d", forcedByPolicy: true },
    };
    expect(fate([managed, forced])).toEqual({ forced: "runs" });
  });

  it("allowManagedHooksOnly anywhere else is ignored with a warning", () => {
    const loaded = loadHooks([
      layer("user", { allowManagedHooksOnly: true, hooks: { UserPromptSubmit: [hook("mine")] } }),
    ]);
    expect(loaded.unmanagedOff).toBeUndefined();
    expect(loaded.problems).toContainEqual(
      expect.objectContaining({
        severity: "warning",
        message: "allowManagedHooksOnly is only honoured in the managed settings; ignored",
      }),
    );
  });

  it("httpHookAllowedHosts of the managed settings counts", () => {
    const { hosts, ignored } = allowedHostsFromLayers([
      layer("managed", { httpHookAllowedHosts: ["10.0.0.0/8"] }),
    ]);
    expect(hosts.entries.map((e) => e.text)).toEqual(["10.0.0.0/8"]);
    expect(ignored).toEqual([]);
  });
});
