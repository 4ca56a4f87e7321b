-- The rows the 'samples' plot (gnuplot/samples.gp) draws: the current
-- samples sweep of one bundle x channel, current_focus's (the param
-- table's, else the focus lesson's: strict x sampling-profile), by sample
-- count. current_sample_sweep holds every pair swept; one plot shows one.
SELECT x.* FROM current_sample_sweep x
  JOIN current_focus f ON f.bundle = x.bundle AND f.channel = x.channel
 ORDER BY x.samples;
