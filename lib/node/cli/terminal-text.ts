/**
 * Text from a recording (a cassette's label, a method name, a diff's detail) on its way to a terminal: control
 * characters (C0 but the line break, DEL, C1) and bidirectional overrides are written as visible `\uXXXX` escapes,
 * so a file cannot set the window title, clear the screen or reorder what the line shows.
 */
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function terminalSafe(text: string): string {
  return text.replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
