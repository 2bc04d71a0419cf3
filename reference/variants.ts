/**
 * Allowed variants: choices a conforming server may make where the spec says
 * "not shown" or "can". The suite must pass with any of them switched on.
 */
export const VARIANTS: Record<string, { description: string }> = {
  // Filled by the groups; e.g. 'signature-base64', 'user-agent-optional', 'page-size-1'.
};
