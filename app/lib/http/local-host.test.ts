import { describe, expect, it } from "vitest";
import { isLocalHost } from "./local-host";

describe("isLocalHost", () => {
  it.each(["http://localhost:3000", "http://127.0.0.1:8080", "http://127.1.2.3", "http://[::1]:3000", "http://app.localhost"])(
    "%s is local",
    (url) => expect(isLocalHost(url)).toBe(true),
  );
  it.each(["https://toolnest.example", "http://192.168.1.10:3000", "http://localhost.evil.example", "http://10.0.0.1", "nonsense"])(
    "%s is not local",
    (url) => expect(isLocalHost(url)).toBe(false),
  );
});
