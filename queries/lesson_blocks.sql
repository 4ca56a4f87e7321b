-- The tables each lesson prints, in its order: one row per table, the one
-- rule 'isolab lesson', 'report' (lesson_report) and 'page' follow. A
-- lesson prints the standard tables its lesson_block rows choose, at their
-- positions, else the eight of the performance profiling lesson in that
-- lesson's order (positions 1 to 8); and its own tables (lesson_table) at
-- their positions, after a standard one of the same number. block: the
-- standard table's text view (lesson_header ... addition_table, part_table;
-- NULL for an own table); data_view: the view of its rows, which the page
-- shows as an HTML table (NULL for lesson_header, whose lines the page's
-- section heading says, and for an own table, whose rows its query gives);
-- title: the lesson's title for it (NULL: the table's own), its {bundle}
-- and {channel} replaced by the bundle and channel the lesson's tables are
-- computed under (lesson_scope's: its focus, or param's --bundle and
-- --channel; a lesson without current results keeps them as written);
-- own_position: an own table's lesson_table position, NULL for a standard
-- one; sweep: the kind of sweep (run_kinds: samples, removal, addition)
-- whose rows the standard table shows, which 'isolab lesson' computes for
-- the lesson and whose plot the page draws in its section (NULL: none).
-- Every lesson has its rows, results or not. (A title's placeholders
-- are these two: a load refuses any other, script.c's TITLE_WORDS.)
WITH standard(block, data_view, k, sweep) AS (
  VALUES ('lesson_header', NULL, 1, NULL), ('resource_axis', 'page_lesson_axis', 2, NULL),
         ('channel_facts', 'page_lesson_facts', 3, NULL), ('bundle_table', 'page_lesson_bundles', 4, NULL),
         ('channel_table', 'page_lesson_channels', 5, NULL), ('sample_table', 'page_lesson_samples', 6, 'samples'),
         ('removal_summary', 'page_lesson_removal', 7, 'removal'), ('addition_table', 'page_lesson_addition', 8, 'addition'),
         ('part_table', 'page_lesson_parts', NULL, NULL)
)
SELECT r.lesson, l.position AS lesson_position, r.position, r.block, r.data_view,
       coalesce(replace(replace(r.title, '{bundle}', x.bundle), '{channel}', x.channel), r.title) AS title,
       r.own_position, r.sweep
  FROM (SELECT b.lesson, b.position, b.block, s.data_view, b.title, NULL AS own_position, s.sweep
          FROM lesson_block b JOIN standard s ON s.block = b.block
        UNION ALL
        SELECT l.code, s.k, s.block, s.data_view, NULL, NULL, s.sweep
          FROM lesson l JOIN standard s ON s.k IS NOT NULL
         WHERE NOT EXISTS (SELECT 1 FROM lesson_block b WHERE b.lesson = l.code)
        UNION ALL
        SELECT t.lesson, t.position, NULL, NULL, t.title, t.position, NULL
          FROM lesson_table t) r
  JOIN lesson l ON l.code = r.lesson
  LEFT JOIN lesson_scope x ON x.lesson = r.lesson
 ORDER BY l.position NULLS LAST, r.lesson, r.position, r.own_position IS NOT NULL;
