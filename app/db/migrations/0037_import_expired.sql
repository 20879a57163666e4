-- An upload left awaiting mapping for 24 hours expires (issue 36, item 12; decision 077): a new import state.
ALTER TABLE "catalog_imports" DROP CONSTRAINT "catalog_imports_state_check";--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD CONSTRAINT "catalog_imports_state_check" CHECK (state in ('uploading', 'mapping', 'queued', 'running', 'completed', 'cancelled', 'failed', 'discarded', 'expired'));
