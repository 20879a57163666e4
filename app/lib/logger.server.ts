import pino from "pino";
import { env } from "./env.server";

let instance: pino.Logger | undefined;

export function logger(): pino.Logger {
  instance ??= pino({ level: env().LOG_LEVEL, base: { app: "toolnest" } });
  return instance;
}

/** Tests: log to this instance instead (undefined: the configured one again, made on next use). */
export function setLogger(next: pino.Logger | undefined) {
  instance = next;
}
