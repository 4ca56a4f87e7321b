-- a pointer handed to fts3_tokenizer: refused by the function allow-list
SELECT fts3_tokenizer('simple', x'4141414141414141');
INSERT INTO axis(name) VALUES ('never');
