-- The current bundles sweep of each channel: one row per channel the
-- model has (channel NULL: no channel) with the latest bundles sweep whose
-- rows under it are current (its model digest is model_state's, or what
-- those rows read, the mechanisms and that channel, is the model's now:
-- current_scope_run), with the channel's channel_id in that run. A channel
-- no current sweep covers has no row (missing_result, stale_result). The
-- views of the bundles sweep read their rows through it (bundle_frontier,
-- bundle_smallest, bundle_marginal, plot_frontier).
SELECT max(c.run_id) AS run_id, c.channel_id, c.channel
  FROM bundle_sweep_channel c
  JOIN run r ON r.id = c.run_id AND r.kind = 'bundles'
 WHERE r.model_digest = (SELECT digest FROM model_state)
    OR (c.run_id, coalesce(c.channel, '')) IN (SELECT run_id, part FROM current_scope_run)
 GROUP BY c.channel;
