-- isolab schema, part 18 (schema version 15): current_focus made cheaper to
-- compile, with the same rows. Every claim reading channel_comparison, and
-- every plot of the focus, compiles this view; the common table expression
-- of the parameters it replaces was expanded once for each of its three
-- references (0.27 ms against 0.05 ms per compile). (The view is a saved
-- query now, queries/current_focus.sql, reinstalled by every migration.)

