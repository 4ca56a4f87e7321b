-- The facts each channel shows: its own channel_fact rows and, for a
-- channel made of parts, every fact of its parts (via_part names the part,
-- NULL for the channel's own row; a fact shown both ways appears once per
-- way). Facts in fact position order.
SELECT x.channel, x.fact, f.axis, f.position, x.via_part
  FROM (SELECT channel, fact, NULL AS via_part FROM channel_fact
        UNION ALL
        SELECT p.channel, cf.fact, p.part FROM channel_part p JOIN channel_fact cf ON cf.channel = p.part) x
  JOIN fact f ON f.name = x.fact
 ORDER BY x.channel, f.position, x.via_part IS NOT NULL, x.via_part;
