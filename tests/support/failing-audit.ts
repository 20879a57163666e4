/**
 * An audit entry that can be made to fail for real: with `auditFailure.fail` set, the entry is
 * written without the actor's e-mail, so its insert breaks a NOT NULL constraint inside the
 * caller's transaction, as a failing database would. A test file installs it with
 *
 *   vi.mock("~/domain/audit/audit.server", async (importOriginal) =>
 *     (await import("…/tests/support/failing-audit")).failingAudit(importOriginal));
 */
import type * as AuditModule from "~/domain/audit/audit.server";

export const auditFailure = { fail: false };

export async function failingAudit(importOriginal: () => Promise<unknown>): Promise<typeof AuditModule> {
  const original = (await importOriginal()) as typeof AuditModule;
  return {
    ...original,
    recordAudit: (tx, actor, entry) => original.recordAudit(tx, auditFailure.fail ? { id: actor.id, email: null as unknown as string } : actor, entry),
  };
}
