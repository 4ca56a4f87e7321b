-- The lessons' claims as the latest 'isolab check' found them, for 'isolab
-- page': lesson, claim name, the statement, outcome (pass, FAIL, pending,
-- stale),
-- expected and actual values and the reason; by lesson position, then the
-- claim's place in its seed file. Empty until a check has run.
SELECT r.lesson, r.claim, c.statement,
       CASE r.outcome WHEN 'fail' THEN 'FAIL' ELSE r.outcome END AS outcome,
       r.expected, r.actual, r.reason, r.run_id
  FROM claim_result r
  JOIN latest_run lr ON lr.kind = 'check' AND lr.run_id = r.run_id
  LEFT JOIN claim c ON c.lesson = r.lesson AND c.name = r.claim
  LEFT JOIN lesson l ON l.code = r.lesson
 ORDER BY l.position IS NULL, l.position, r.lesson, c.id IS NULL, c.id, r.claim;
