DELETE FROM fact; DELETE FROM left_open; DELETE FROM channel_fact;
