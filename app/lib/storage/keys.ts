const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]*(\/[A-Za-z0-9][A-Za-z0-9_.-]*)*$/;

/** Keys are relative paths of plain segments: no `..`, no leading slash, no odd characters. */
export function assertValidKey(key: string): void {
  if (key.length > 512 || !KEY_PATTERN.test(key) || key.split("/").some((segment) => segment === ".." || segment === ".")) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}
