-- The rows of bundle_sweep with names: one row per run x mask x channel,
-- the channel ('' when none is on) and the members, comma-separated in the
-- order they apply (the form --mechanisms takes).
SELECT s.run_id,
       coalesce(c.channel, '') AS channel,
       s.channel_id,
       s.mask,
       (SELECT coalesce(group_concat(mechanism, ','), '')
          FROM (SELECT x.mechanism FROM bundle_sweep_mechanism x
                 WHERE x.run_id = s.run_id AND (s.mask >> x.bit) & 1
                 ORDER BY x.bit)) AS members,
       s.size, s.visible, s.returned, s.open_surface, s.open_axes
  FROM bundle_sweep s
  JOIN bundle_sweep_channel c ON c.run_id = s.run_id AND c.channel_id = s.channel_id;
