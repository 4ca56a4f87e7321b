-- The runs behind 'isolab page', by id: those the current results come from
-- (the latest current run of each kind, the 'run' runs current_surface
-- reads, the current sweeps, each channel's bundles sweep), the latest check and the checks whose
-- claims the page shows (page_claims: each lesson's latest); with when
-- each finished, the digest of the model it computed from,
-- isolab's version and its note: the note given to the run, else what it
-- computed (its run_param values: bundles, channels, the sweep's kind, a
-- bundles sweep's mechanisms counted, each value a comma-separated list;
-- a check's claims counted).
SELECT r.id AS run_id, r.kind, r.finished_at, r.model_digest, r.tool_version,
       coalesce(nullif(r.note, ''),
                (SELECT group_concat(item, '; ')
                   FROM (SELECT key || ': ' || CASE WHEN key = 'mechanisms'
                                                    THEN sum(length(value) - length(replace(value, ',', '')) + 1) || ' swept'
                                                    ELSE group_concat(value, ', ') END AS item
                           FROM (SELECT key, value FROM run_param WHERE run_id = r.id AND key <> 'sweep'
                                  ORDER BY key, value)
                          GROUP BY key ORDER BY key)),
                (SELECT count(*) || ' claims checked' FROM claim_result c WHERE c.run_id = r.id AND r.kind = 'check'))
         AS note
  FROM run r
 WHERE r.id IN (SELECT run_id FROM current_run
                UNION SELECT run_id FROM current_surface_run
                UNION SELECT run_id FROM current_sweep
                UNION SELECT run_id FROM current_bundle_sweep
                UNION SELECT run_id FROM latest_run WHERE kind = 'check'
                UNION SELECT run_id FROM page_claims)
 ORDER BY r.id;
