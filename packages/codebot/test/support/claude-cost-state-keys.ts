/**
 * The cost-state line's keys in claude 2.1.328's order (recorded): every one claude's reader needs
 * to read a session's cost back (without them claude -c counts from $0).
 */
export const CLAUDE_COST_STATE_KEYS = [
  "type",
  "sessionId",
  "totalCostUSD",
  "totalAPIDuration",
  "totalAPIDurationWithoutRetries",
  "totalToolDuration",
  "totalLinesAdded",
  "totalLinesRemoved",
  "totalDuration",
  "startTime",
  "modelUsage",
  "hasUnknownModelCost",
  "timestamp",
];
