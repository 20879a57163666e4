import { DatabaseOpenError } from "../app/db/client.server";
import { DatabaseBusyError } from "../app/db/lock.server";
import { ConfigError } from "../app/lib/env.server";

/** Known start-up failures print one clear line; anything else keeps its stack for a bug report. */
export function exitWithError(error: unknown): never {
  if (error instanceof ConfigError || error instanceof DatabaseOpenError || error instanceof DatabaseBusyError) {
    console.error(`Error: ${error.message}`);
  } else if ((error as NodeJS.ErrnoException)?.code === "EADDRINUSE") {
    console.error(`Error: the port is already in use (${(error as Error).message}). Set PORT to another one.`);
  } else {
    console.error(error);
  }
  process.exit(1);
}
