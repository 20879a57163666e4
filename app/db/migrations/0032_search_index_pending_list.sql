-- Issue 12 speed (decisions 014 and 037, amended): a bulk status change of 1,000 products spent
-- about two thirds of its second writing the two search GIN indexes entry by entry (0.86-1.14 s;
-- 0.35 s with a pending list). On a PostgreSQL server they now keep a pending list: new entries
-- are appended and merged into the index in bulk, by (auto)vacuum or by the insert that takes the
-- list past its limit (1 MB here, so a search scans at most that much unmerged). The embedded
-- database (PGlite) keeps them as they are: it has no autovacuum, and its catalogue is small.
DO $$
BEGIN
  IF version() NOT LIKE '%PGlite%' THEN
    ALTER INDEX "products_search_idx" SET (fastupdate = on, gin_pending_list_limit = 1024);
    ALTER INDEX "products_name_keys_idx" SET (fastupdate = on, gin_pending_list_limit = 1024);
  END IF;
END $$;
