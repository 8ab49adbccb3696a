/**
 * The browser's stand-in for common-passwords.ts (package.json "imports", condition "browser"): the list stays out
 * of the web bundle, so the forms check the length and blanks at once and the server answers a common password
 * with a field message.
 */
export function isCommonPassword(_password: string): boolean {
  return false;
}
