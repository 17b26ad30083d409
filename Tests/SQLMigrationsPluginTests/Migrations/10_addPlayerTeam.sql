-- Needs the team table of migration 2.
ALTER TABLE player ADD COLUMN teamId INTEGER REFERENCES team(id);
CREATE INDEX player_teamId ON player(teamId);
