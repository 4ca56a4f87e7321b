-- isolab schema, part 22 (schema version 19): a member list names a
-- mechanism or a bundle, never both; stored fact positions are the facts'.
--
-- A member list ('strict,-user-namespace', --mechanisms, the extension's
-- members and mechanisms arguments) reads an item as a bundle or as a
-- mechanism. A name that is both could never be told apart (the bundle
-- won, and the mechanism could not be named), so it is refused where it
-- is written, as a comma is (part 15), in a seed file and in the sqlite3
-- shell alike. A database that already holds such a pair keeps it; a
-- member list naming it is refused, saying so. (IF NOT EXISTS: the
-- migration tests take a database of today back a version.)
CREATE TRIGGER IF NOT EXISTS isolab_list_name_both_mechanism BEFORE INSERT ON mechanism
WHEN EXISTS (SELECT 1 FROM bundle WHERE name = NEW.name)
BEGIN SELECT RAISE(ABORT, 'mechanism.name is a bundle''s name too: a member list could not tell them apart'); END;
CREATE TRIGGER IF NOT EXISTS isolab_list_name_both_mechanism_update BEFORE UPDATE OF name ON mechanism
WHEN EXISTS (SELECT 1 FROM bundle WHERE name = NEW.name)
BEGIN SELECT RAISE(ABORT, 'mechanism.name is a bundle''s name too: a member list could not tell them apart'); END;
CREATE TRIGGER IF NOT EXISTS isolab_list_name_both_bundle BEFORE INSERT ON bundle
WHEN EXISTS (SELECT 1 FROM mechanism WHERE name = NEW.name)
BEGIN SELECT RAISE(ABORT, 'bundle.name is a mechanism''s name too: a member list could not tell them apart'); END;
CREATE TRIGGER IF NOT EXISTS isolab_list_name_both_bundle_update BEFORE UPDATE OF name ON bundle
WHEN EXISTS (SELECT 1 FROM mechanism WHERE name = NEW.name)
BEGIN SELECT RAISE(ABORT, 'bundle.name is a mechanism''s name too: a member list could not tell them apart'); END;

-- fact_status_fact.position and removal_sweep.position are the fact's
-- position (fact.position) in the model the run used; isolab wrote the
-- fact's rank (1..N) before, which differs when positions have gaps. The
-- rows of every run whose model is recorded (model_record: schema version
-- 11 on) get the position from that record; older runs keep their ranks.
UPDATE fact_status_fact
   SET position = (SELECT CAST(mr.value AS INTEGER) FROM run r
                     JOIN model_record mr ON mr.digest = r.model_digest AND mr.item = 'fact'
                                         AND mr.name = fact_status_fact.fact AND mr.attr = 'position'
                    WHERE r.id = fact_status_fact.run_id)
 WHERE EXISTS (SELECT 1 FROM run r
                 JOIN model_record mr ON mr.digest = r.model_digest AND mr.item = 'fact'
                                     AND mr.name = fact_status_fact.fact AND mr.attr = 'position'
                WHERE r.id = fact_status_fact.run_id AND mr.value IS NOT NULL);
UPDATE removal_sweep
   SET position = (SELECT CAST(mr.value AS INTEGER) FROM run r
                     JOIN model_record mr ON mr.digest = r.model_digest AND mr.item = 'fact'
                                         AND mr.name = removal_sweep.removed_fact AND mr.attr = 'position'
                    WHERE r.id = removal_sweep.run_id)
 WHERE removed_fact IS NOT NULL
   AND EXISTS (SELECT 1 FROM run r
                 JOIN model_record mr ON mr.digest = r.model_digest AND mr.item = 'fact'
                                     AND mr.name = removal_sweep.removed_fact AND mr.attr = 'position'
                WHERE r.id = removal_sweep.run_id AND mr.value IS NOT NULL);
