INSERT INTO lesson(code, title, position) VALUES ('T/1', 'Test lesson', 1);
INSERT INTO channel(name, lesson, cost_pct) VALUES ('seer', 'T/1', 10), ('blind', 'T/1', 0);
INSERT INTO channel_fact(channel, fact) VALUES ('seer', 'f1'), ('seer', 'f2'), ('blind', 'f5');
