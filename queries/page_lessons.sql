-- The lessons 'isolab page' shows, in the course's order: code, title,
-- position, the channels each measures (comma-separated, by name; a whole
-- followed by its parts in part order, as its parts table lists them:
-- 'in-kernel-tracing (parts: sched-tracepoint, task-tracepoint, ...)') and
-- how many claims it states.
SELECT l.code AS lesson, l.title, l.position,
       (SELECT group_concat(name, ', ')
          FROM (SELECT c.name || coalesce(' (parts: ' || (SELECT group_concat(part, ', ')
                                                            FROM (SELECT p.part FROM channel_part p
                                                                   WHERE p.channel = c.name ORDER BY p.position))
                                          || ')', '') AS name
                  FROM channel c
                 WHERE c.lesson = l.code
                   AND NOT EXISTS (SELECT 1 FROM channel_part p JOIN channel w ON w.name = p.channel
                                    WHERE p.part = c.name AND w.lesson = l.code)
                 ORDER BY c.name))
         AS channels,
       (SELECT count(*) FROM claim c WHERE c.lesson = l.code) AS claims
  FROM lesson l
 ORDER BY l.position NULLS LAST, l.code;
