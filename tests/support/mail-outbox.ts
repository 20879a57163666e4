/**
 * Mail to files for a test file: before each test the app's mail goes to a fresh outbox folder
 * (read it back with `mailsTo` from eml.ts); after it the settings return to the environment's and
 * the folders are deleted with the file's last test. Returns the current test's outbox folder.
 */
import path from "node:path";
import { afterAll, afterEach, beforeEach } from "vitest";
import { setMailSettings } from "~/lib/mail/mail.server";
import { tempDirs } from "./temp-dirs";

export function outboxPerTest(prefix: string): () => string {
  const temp = tempDirs(prefix);
  let outboxDir = "";
  beforeEach(() => {
    outboxDir = path.join(temp.make(), "outbox");
    setMailSettings({ smtpUrl: null, from: "Toolnest <no-reply@localhost>", outboxDir });
  });
  afterEach(() => setMailSettings(undefined));
  afterAll(() => temp.removeAll());
  return () => outboxDir;
}
