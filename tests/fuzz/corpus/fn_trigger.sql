-- a function off the list inside a TEMP trigger body: refused when the
-- trigger is made or fired
CREATE TEMP TRIGGER t AFTER INSERT ON axis BEGIN SELECT fts3_tokenizer('simple', x'00'); END;
INSERT INTO axis(name) VALUES ('fires');
