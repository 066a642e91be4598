/**
 * The inventory with the front-matter hooks of skills and custom agents added: what `hooks list`,
 * `hooks validate`, `hooks trust`, `/hooks` and the project question all show.
 */
import { withAgents } from "./agent-inventory.js";
import type { HookInventory } from "./hook-inventory.js";
import { withSkills } from "./skill-inventory.js";

export async function withScopedHooks(inventory: HookInventory): Promise<HookInventory> {
  return withAgents(await withSkills(inventory));
}
