-- The embedded database has no autovacuum to merge a GIN pending list, which every full-text search
-- would otherwise scan in full: insert straight into the index instead.
ALTER INDEX "products_search_idx" SET (fastupdate = off);
