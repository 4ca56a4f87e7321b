-- isolab schema, part 15: names a member list can spell.
--
-- A member list ('strict,-user-namespace', --mechanisms, the extension's
-- members and mechanisms arguments) separates its items with commas and
-- takes a mechanism out with a leading '-'. A mechanism or bundle whose
-- name holds a comma or starts with '-' could be stored but never chosen,
-- so such names are refused where they are written, in a seed file and in
-- the sqlite3 shell alike (a trigger, as for the other name checks in
-- 010_record_guards.sql).
CREATE TRIGGER isolab_list_name_mechanism BEFORE INSERT ON mechanism
WHEN instr(NEW.name, ',') OR substr(NEW.name, 1, 1) = '-'
BEGIN SELECT RAISE(ABORT, 'mechanism.name holds a comma or starts with ''-'': a member list could not name it'); END;
CREATE TRIGGER isolab_list_name_mechanism_update BEFORE UPDATE OF name ON mechanism
WHEN instr(NEW.name, ',') OR substr(NEW.name, 1, 1) = '-'
BEGIN SELECT RAISE(ABORT, 'mechanism.name holds a comma or starts with ''-'': a member list could not name it'); END;
CREATE TRIGGER isolab_list_name_bundle BEFORE INSERT ON bundle
WHEN instr(NEW.name, ',') OR substr(NEW.name, 1, 1) = '-'
BEGIN SELECT RAISE(ABORT, 'bundle.name holds a comma or starts with ''-'': a member list could not name it'); END;
CREATE TRIGGER isolab_list_name_bundle_update BEFORE UPDATE OF name ON bundle
WHEN instr(NEW.name, ',') OR substr(NEW.name, 1, 1) = '-'
BEGIN SELECT RAISE(ABORT, 'bundle.name holds a comma or starts with ''-'': a member list could not name it'); END;
