-- isolab schema, part 12: the latest runs looked up through indexes.
-- The views that name the current and latest runs (current_run,
-- current_surface_run, current_sweep, latest_sweep, stale_result) grouped
-- every run ever stored to find the latest one of each kind, bundle x
-- channel or sweep; 'isolab lesson' and its claims read them some sixty
-- times, so each run stored made the lesson slower. Each latest run is now
-- one descent of an index (the newest matching row first); the views give
-- the same columns and rows. (The views are saved queries now,
-- queries/*.sql, reinstalled by every migration.)

-- surface rows by bundle x channel, newest run last (current_surface_run)
CREATE INDEX surface_pair ON surface(bundle, channel, run_id);
-- runs by kind and model, newest last (current_run, current_sweep)
CREATE INDEX run_current ON run(kind, model_digest, id);

INSERT INTO schema_version(version, applied_at) VALUES (9, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
