INSERT INTO axis(name) VALUES ('o''clock axis');
INSERT INTO fact(position, name, axis) VALUES (25, 'x''); DROP TABLE fact; --', 'o''clock axis');
