-- Every name isolab may print in a command to paste (a bundle, a channel,
-- a lesson, a what-if list: run_param 'members'), one row per place it is
-- found: word, and quoted, the word as a POSIX shell reads it back: as it
-- is when it is not empty and made only of characters no shell treats
-- specially (A-Z a-z 0-9 _ . / : = @ % + , -), else in single quotes, each
-- single quote written '\''. The one quoting rule: stale_result,
-- missing_result and lesson_not_run read their words here, and the command
-- line quotes by the same rule (isl_buf_shell_word, src/core/textout.c).
SELECT word,
       CASE WHEN word <> '' AND word NOT GLOB '*[^A-Za-z0-9_./:=@%+,-]*' THEN word
            ELSE '''' || replace(word, '''', '''\''''') || '''' END AS quoted
  FROM (SELECT name AS word FROM bundle
        UNION ALL SELECT name FROM channel
        UNION ALL SELECT code FROM lesson
        UNION ALL SELECT value FROM run_param WHERE key = 'members');
