-- The model's mechanisms for 'isolab page', by position: the axes each
-- closes and the facts on them it leaves open, comma-separated.
SELECT m.name AS mechanism,
       (SELECT group_concat(axis, ', ') FROM (SELECT axis FROM mechanism_axis WHERE mechanism = m.name ORDER BY axis))
         AS closes,
       (SELECT group_concat(fact, ', ')
          FROM (SELECT lo.fact FROM left_open lo LEFT JOIN fact f ON f.name = lo.fact
                 WHERE lo.mechanism = m.name ORDER BY f.position, lo.fact)) AS leaves_open
  FROM mechanism m
 ORDER BY m.position NULLS LAST, m.name;
