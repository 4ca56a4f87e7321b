-- isolab schema, part 20 (schema version 17): a lesson's title is printed
-- ('isolab lesson --all' heads each lesson with it), so it holds no NUL
-- byte and no control character, as names do (part 10); a title already
-- in an older database is escaped where it is printed.
CREATE TRIGGER isolab_title_lesson BEFORE INSERT ON lesson
WHEN instr(CAST(NEW.title AS BLOB), x'00') OR NEW.title GLOB ('*[' || char(1) || '-' || char(31) || char(127) || ']*')
BEGIN SELECT RAISE(ABORT, 'lesson.title holds a NUL byte or a control character'); END;
CREATE TRIGGER isolab_title_lesson_update BEFORE UPDATE OF title ON lesson
WHEN instr(CAST(NEW.title AS BLOB), x'00') OR NEW.title GLOB ('*[' || char(1) || '-' || char(31) || char(127) || ']*')
BEGIN SELECT RAISE(ABORT, 'lesson.title holds a NUL byte or a control character'); END;
