/**
 * What the inbox's template picker adds to the shared template helpers (lib/message-templates.ts):
 * the name the server gives a parameter when it refuses one. Pure, for the tests.
 */

/** The server's name for the parameter at `position` (0-based) in its 422 `errors`. */
export function parameterField(position: number): string {
  return `template.parameters[${position}]`;
}
