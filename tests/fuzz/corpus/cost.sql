INSERT INTO channel(name, lesson, cost_pct) VALUES ('cheap', NULL, -3);
INSERT INTO channel(name, lesson, cost_pct) VALUES ('silent', NULL, 1);
