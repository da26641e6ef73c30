-- Custom SQL migration: the ledger trigger cannot be expressed in the Drizzle schema.
-- The credit ledger is append-only (DESIGN.md §5 invariant 4): corrections are new reversing rows.
CREATE OR REPLACE FUNCTION credit_ledger_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'credit_ledger is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER credit_ledger_no_update_delete
  BEFORE UPDATE OR DELETE ON credit_ledger
  FOR EACH ROW EXECUTE FUNCTION credit_ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER credit_ledger_no_truncate
  BEFORE TRUNCATE ON credit_ledger
  FOR EACH STATEMENT EXECUTE FUNCTION credit_ledger_refuse_change();
