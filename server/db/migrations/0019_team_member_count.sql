-- teams.member_count is the number of team_members rows of the team, kept exact by this
-- trigger whatever writes them (the API, seeds, tests, cascades from deleted users).
UPDATE "teams" t SET "member_count" = (SELECT count(*) FROM "team_members" m WHERE m."team_id" = t."id");--> statement-breakpoint
CREATE FUNCTION "team_members_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "teams" SET "member_count" = "member_count" + 1 WHERE "id" = NEW."team_id";
  ELSE
    UPDATE "teams" SET "member_count" = "member_count" - 1 WHERE "id" = OLD."team_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "team_members_count" AFTER INSERT OR DELETE ON "team_members"
  FOR EACH ROW EXECUTE FUNCTION "team_members_count"();
