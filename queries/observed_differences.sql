-- Every cell of observed_vs_model where the kernel and the model disagree,
-- with why: the deciding sources (via) and, from probe_explanation, the
-- explanation of the first mechanism of the set (by mechanism position)
-- that has one for the fact (mechanism; both NULL when none is known),
-- among those the probe built (a step skipped, refused or failed explains
-- nothing). A set's mechanisms are a bundle's members, or the names of its
-- member list.
SELECT o.machine, o.kernel_release, o.bundle, o.build_order, o.fact, o.model_visible, o.observed_visible, o.via,
       e.mechanism, e.explanation
  FROM observed_vs_model o
  JOIN latest_probe l ON l.machine = o.machine AND l.bundle = o.bundle AND l.build_order = o.build_order
  LEFT JOIN probe_explanation e
    ON e.fact = o.fact
   AND e.mechanism = (SELECT k.mechanism FROM probe_explanation k
                        LEFT JOIN mechanism m ON m.name = k.mechanism
                       WHERE k.fact = o.fact
                         AND (k.mechanism IN (SELECT bm.mechanism FROM bundle_member bm WHERE bm.bundle = o.bundle)
                              OR instr(',' || o.bundle || ',', ',' || k.mechanism || ',') > 0)
                         AND NOT EXISTS (SELECT 1 FROM probe_step ps
                                          WHERE ps.run_id = l.run_id AND ps.set_no = l.set_no
                                            AND ps.mechanism = k.mechanism AND ps.status NOT IN ('ok', 'substitute'))
                       ORDER BY m.position NULLS LAST, k.mechanism LIMIT 1)
 WHERE o.agree = 0
 ORDER BY l.n, (SELECT f.position FROM fact f WHERE f.name = o.fact) NULLS LAST, o.fact;
