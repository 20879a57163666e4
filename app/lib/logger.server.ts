import pino from "pino";
import { env } from "./env.server";

const KEY = Symbol.for("toolnest.logger");
type Holder = { [KEY]?: pino.Logger };

export function logger(): pino.Logger {
  const holder = globalThis as Holder;
  holder[KEY] ??= pino({ level: env().LOG_LEVEL, base: { app: "toolnest" } });
  return holder[KEY];
}
