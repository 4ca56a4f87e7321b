-- The model's axes for 'isolab page', in the course's order (by the
-- position of each axis's first fact): its facts by position and the
-- mechanisms that close it (by mechanism position), comma-separated.
SELECT a.name AS axis,
       (SELECT count(*) FROM fact f WHERE f.axis = a.name) AS facts,
       (SELECT group_concat(name, ', ') FROM (SELECT name FROM fact WHERE axis = a.name ORDER BY position, name))
         AS fact_names,
       (SELECT group_concat(name, ', ')
          FROM (SELECT m.name FROM mechanism m JOIN mechanism_axis ma ON ma.mechanism = m.name
                 WHERE ma.axis = a.name ORDER BY m.position, m.name)) AS closed_by
  FROM axis a
 ORDER BY (SELECT min(position) FROM fact WHERE axis = a.name) IS NULL,
          (SELECT min(position) FROM fact WHERE axis = a.name), a.name;
