-- load_extension, and functions SQLite keeps for itself: refused
SELECT load_extension('/tmp/x.so');
SELECT sqlite_compileoption_get(0);
INSERT INTO axis(name) SELECT sqlite_source_id();
