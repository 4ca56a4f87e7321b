-- The model's bundles for 'isolab page', by position: how many mechanisms
-- and which, in the order the bundle applies them.
SELECT b.name AS bundle,
       (SELECT count(*) FROM bundle_member WHERE bundle = b.name) AS size,
       (SELECT group_concat(mechanism, ', ')
          FROM (SELECT mechanism FROM bundle_member WHERE bundle = b.name ORDER BY position)) AS members
  FROM bundle b
 ORDER BY b.position NULLS LAST, b.name;
