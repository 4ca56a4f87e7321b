-- ordinary scalar, aggregate, window, date, math and JSON functions: allowed
INSERT INTO axis(name) VALUES (printf('%s-%d', upper('fn'), abs(-3)));
INSERT INTO axis(name) SELECT 'w' || row_number() OVER (ORDER BY name) FROM axis LIMIT 2;
INSERT INTO axis(name) SELECT 'j' || json_extract('{"a": 1}', '$.a') || '-' || CAST(round(pi(), 2) AS TEXT);
INSERT INTO axis(name) SELECT 'g' || group_concat(substr(name, 1, 1), '') || strftime('%Y', '2026-01-01') FROM axis;
INSERT INTO axis(name) SELECT coalesce(NULL, 'c') || iif(1, 'y', 'n') || hex(zeroblob(1)) || typeof(1.5);
