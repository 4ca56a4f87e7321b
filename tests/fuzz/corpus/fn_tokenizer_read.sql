-- reading a library address: refused, nothing loaded
INSERT INTO axis(name) SELECT hex(fts3_tokenizer('simple'));
