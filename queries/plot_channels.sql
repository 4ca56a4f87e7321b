-- The rows the 'channels' plot (gnuplot/channels.gp) draws: every row of
-- channel_comparison, with focus 1 on current_focus's channel (the param
-- table's, else the focus lesson's), the one the plot highlights.
SELECT c.*, c.channel IS (SELECT channel FROM current_focus) AS focus
  FROM channel_comparison c;
