-- Keeps agent_tree, the downline closure table (modules/agents/schema.ts), right whatever writes
-- accounts: a new account gets its own row and one per ancestor of its parent; an account moved
-- to another parent takes its whole subtree along. Runs on PostgreSQL 15+ and on PGlite.
CREATE OR REPLACE FUNCTION agent_tree_maintain() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO agent_tree (ancestor_id, descendant_id, depth)
		VALUES (NEW.id, NEW.id, 0);
		IF NEW.parent_id IS NOT NULL THEN
			INSERT INTO agent_tree (ancestor_id, descendant_id, depth)
			SELECT t.ancestor_id, NEW.id, t.depth + 1
			FROM agent_tree t
			WHERE t.descendant_id = NEW.parent_id;
		END IF;
		RETURN NEW;
	END IF;

	IF NEW.parent_id IS DISTINCT FROM OLD.parent_id THEN
		IF NEW.parent_id IS NOT NULL AND EXISTS (
			SELECT 1 FROM agent_tree t WHERE t.ancestor_id = NEW.id AND t.descendant_id = NEW.parent_id
		) THEN
			RAISE EXCEPTION 'an account cannot move under its own downline' USING ERRCODE = '23514',
				CONSTRAINT = 'agent_tree_no_cycle';
		END IF;
		-- Cut the subtree from its old ancestors (keep the links inside it) …
		DELETE FROM agent_tree d
		USING agent_tree sub, agent_tree anc
		WHERE sub.ancestor_id = NEW.id
			AND anc.descendant_id = NEW.id AND anc.ancestor_id <> NEW.id
			AND d.descendant_id = sub.descendant_id AND d.ancestor_id = anc.ancestor_id;
		-- … and hang it under the new parent's ancestors.
		IF NEW.parent_id IS NOT NULL THEN
			INSERT INTO agent_tree (ancestor_id, descendant_id, depth)
			SELECT anc.ancestor_id, sub.descendant_id, anc.depth + sub.depth + 1
			FROM agent_tree anc
			CROSS JOIN agent_tree sub
			WHERE anc.descendant_id = NEW.parent_id AND sub.ancestor_id = NEW.id;
		END IF;
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER accounts_agent_tree
AFTER INSERT OR UPDATE OF parent_id ON accounts
FOR EACH ROW EXECUTE FUNCTION agent_tree_maintain();
--> statement-breakpoint
-- The accounts that exist already: every account with each of its ancestors, walked once.
WITH RECURSIVE chain (ancestor_id, descendant_id, depth) AS (
	SELECT a.id, a.id, 0 FROM accounts a
	UNION ALL
	SELECT p.parent_id, c.descendant_id, c.depth + 1
	FROM chain c
	JOIN accounts p ON p.id = c.ancestor_id
	WHERE p.parent_id IS NOT NULL AND c.depth < 64
)
INSERT INTO agent_tree (ancestor_id, descendant_id, depth)
SELECT ancestor_id, descendant_id, depth FROM chain
ON CONFLICT DO NOTHING;
