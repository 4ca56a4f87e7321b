-- Why a real kernel differs from the model (probe_explanation), one row
-- per mechanism and fact, in the course's words: 'isolab page' and the view
-- observed_differences print the row beside a disagreement of a set that
-- holds the mechanism. A course adds or changes rows in its own seed file
-- (INSERT OR REPLACE INTO probe_explanation ...).
INSERT OR REPLACE INTO probe_explanation(mechanism, fact, explanation) VALUES
  ('pid-namespace', 'other-process-list',
   'A new pid namespace does not change the /proc already mounted: it still lists the host''s processes until a mount namespace mounts a fresh proc.'),
  ('pid-namespace', 'ancestor-process-chain',
   'The parent chain is walked through /proc, which stays the host''s without a fresh proc mount, so the walk reaches the host''s init.'),
  ('pid-namespace', 'own-process-number',
   'With a fresh /proc the process sees only its number inside the namespace (pid 1); the host''s number is nowhere to be read, so the kernel closes what the model leaves open.'),
  ('network-namespace', 'host-interfaces',
   'sysfs lists the network devices of the namespace it was mounted in: the host''s own /sys, or a fresh sysfs mounted before the network namespace was made (the mount step first, as in the model''s order), shows the host''s interfaces in /sys/class/net. Mounted after it, as kernel order does, it shows only the new namespace''s.'),
  ('user-namespace', 'file-ownership',
   'Owners outside the user namespace''s map read as the overflow id 65534, so the host''s owners are hidden where the model leaves them open.'),
  ('user-namespace', 'capability-set',
   'A user namespace created after the capabilities were dropped gives its first process a full set again: the drop must come last, as in kernel order.'),
  ('control-group', 'cpu-share',
   '/proc/stat counts the whole machine whatever control group reads it; only an overlay of /proc (as lxcfs does) would hide it.'),
  ('control-group', 'memory-limit',
   '/proc/meminfo and sysinfo(2) report the machine''s memory, not the control group''s limit.'),
  ('control-group', 'memory-used',
   '/proc/meminfo and sysinfo(2) report the machine''s memory use, not the control group''s.'),
  ('mandatory-label', 'policy-rules',
   'Without AppArmor or SELinux the label is a Landlock substitute, which limits paths only: lsm_list_modules(2) still names the active security modules to any process.');
