/**
 * The names of the MCP resource tools (claude's ListMcpResourcesTool, ReadMcpResourceTool and
 * ReadMcpResourceDirTool), on
 * their own so that checks which need no MCP client (`hooks validate`, agent files' `tools`) know
 * them without loading the SDK.
 */
export const LIST_RESOURCES_TOOL = "list_mcp_resources";
export const READ_RESOURCE_TOOL = "read_mcp_resource";
export const READ_RESOURCE_DIR_TOOL = "read_mcp_resource_dir";
export const RESOURCE_TOOL_NAMES: readonly string[] = [
  LIST_RESOURCES_TOOL,
  READ_RESOURCE_TOOL,
  READ_RESOURCE_DIR_TOOL,
];
