/**
 * `npm run admin:create -- --email <address> [--password <password>]`
 * Makes an administrator (decision 018): creates the e-mail/password account when the address has
 * none (with the given password, or a generated one that is printed), and adds the address to
 * admin_users. An existing account keeps its password unless --password is given.
 */
const USAGE = "Usage: npm run admin:create -- --email <address> [--password <password>]";

function usageError(message: string): never {
  console.error(`Error: ${message}. ${USAGE}`);
  process.exit(1);
}

function parseArgs(argv: string[]) {
  let email: string | undefined;
  let password: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [name, inline] = arg.startsWith("--") && arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    if (name === "--help" || name === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else if (name === "--email" || name === "--password") {
      const value = inline ?? argv[++i];
      if (value === undefined || (inline === undefined && value.startsWith("--"))) usageError(`${name} needs a value`);
      if (name === "--email") email = value;
      else password = value;
    } else {
      usageError(`unknown argument ${arg}`);
    }
  }
  if (!email) usageError("--email is required");
  return { email, password };
}

const args = parseArgs(process.argv.slice(2));
const { exitWithError } = await import("../server/cli");
let handle: { close(): Promise<void> } | undefined;
try {
  const { parseEnv } = await import("../app/lib/env.server");
  const { openAppDatabase } = await import("../server/database");
  const { AdminCreateError, checkAdminInput, ensureAdmin } = await import("../app/features/admin/mutations/super-admin.server");
  const env = parseEnv();
  const problem = checkAdminInput(args);
  if (problem) {
    console.error(`Error: ${problem}`);
    process.exit(1);
  }
  // Migrates when needed and makes the handle the process's database (Better Auth uses it).
  handle = await openAppDatabase(env, { purpose: "admin:create" });
  try {
    const result = await ensureAdmin(args);
    console.log(`Admin ready: ${result.email}`);
    if (result.generatedPassword) console.log(`Password: ${result.generatedPassword}`);
    else if (result.passwordChanged) console.log("Password set.");
  } catch (error) {
    if (!(error instanceof AdminCreateError)) throw error;
    console.error(`Error: ${error.message}`);
    await handle.close();
    process.exit(1);
  }
  await handle.close();
  process.exit(0);
} catch (error) {
  await handle?.close().catch(() => {});
  exitWithError(error);
}

export {};
