/**
 * A module's adapter built from the settings on first use, which tests may swap for a fake
 * (`set(undefined)` goes back to building it from the settings): payments, storage.
 */
export interface Replaceable<T> {
  get(): T;
  set(next: T | undefined): void;
}

export function replaceable<T>(build: () => T): Replaceable<T> {
  let current: T | undefined;
  return {
    get: () => (current ??= build()),
    set: (next) => {
      current = next;
    },
  };
}
