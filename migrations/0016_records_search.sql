-- My creations' search reads prompt and user_words with ILIKE '%…%'. Where the server offers pg_trgm
-- (Neon, most PostgreSQL packages, PGlite with the extension loaded), trigram indexes serve it; where
-- it does not, the search still works on the user's own rows (creation_records_user_created_idx).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX IF NOT EXISTS creation_records_prompt_trgm_idx ON creation_records USING gin (prompt gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS creation_records_user_words_trgm_idx ON creation_records USING gin (user_words gin_trgm_ops);
  END IF;
END $$;
