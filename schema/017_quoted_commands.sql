-- isolab schema, part 17: the commands stale_result names are ready to
-- paste. A bundle or channel name holding a space, a quote or a $ went
-- into 'isolab sweep KIND --bundle B --channel C' as it was, so the shell
-- split it or expanded it. Each name is now quoted for a POSIX shell
-- unless it is made of characters no shell treats specially
-- (A-Z a-z 0-9 _ . / : = @ % + , -): in single quotes, each single quote
-- written '\''. The rows are otherwise those of part 12. (The view is a
-- saved query now, queries/stale_result.sql, reinstalled by every migration.)

INSERT INTO schema_version(version, applied_at) VALUES (14, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
