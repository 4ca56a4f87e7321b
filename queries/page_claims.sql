-- The lessons' claims, each lesson's as the latest 'isolab check' that
-- checked it found them (a 'check --lesson' of another lesson leaves them
-- as they were), for 'isolab page': lesson, claim name, the statement,
-- outcome (pass, FAIL, pending, stale), expected and actual values, the
-- reason and the check run; by lesson position, then the claim's place in
-- its seed file. A lesson no check has checked has no rows.
WITH checked AS (
  SELECT c.lesson, max(c.run_id) AS run_id
    FROM claim_result c JOIN run ON run.id = c.run_id AND run.kind = 'check'
   GROUP BY c.lesson
)
SELECT r.lesson, r.claim, c.statement,
       CASE r.outcome WHEN 'fail' THEN 'FAIL' ELSE r.outcome END AS outcome,
       r.expected, r.actual, r.reason, r.run_id
  FROM checked k
  JOIN claim_result r ON r.run_id = k.run_id AND r.lesson = k.lesson
  LEFT JOIN claim c ON c.lesson = r.lesson AND c.name = r.claim
  LEFT JOIN lesson l ON l.code = r.lesson
 ORDER BY l.position NULLS LAST, r.lesson, c.id NULLS LAST, r.claim;
