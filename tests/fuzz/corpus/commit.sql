INSERT INTO axis(name) VALUES ('a1');
COMMIT;
INSERT INTO axis(name) VALUES ('a2');
