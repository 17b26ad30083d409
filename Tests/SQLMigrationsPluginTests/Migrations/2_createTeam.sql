/* The teams, whose names are unique. */
CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE UNIQUE INDEX team_name ON team(name);
