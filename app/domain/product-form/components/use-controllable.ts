import { useCallback, useState } from "react";

/**
 * A value that a parent may control (`value` + `onChange`) or leave to the component
 * (`defaultValue`), so the same picker serves a wizard step and an admin tab.
 */
export function useControllable<T>(value: T | undefined, defaultValue: T, onChange?: (next: T) => void): [T, (next: T) => void] {
  const [own, setOwn] = useState<T>(defaultValue);
  const current = value !== undefined ? value : own;
  const set = useCallback(
    (next: T) => {
      if (value === undefined) setOwn(next);
      onChange?.(next);
    },
    [value, onChange],
  );
  return [current, set];
}
