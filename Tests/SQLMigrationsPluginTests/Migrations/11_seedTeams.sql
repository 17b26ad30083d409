-- Names that the generated Swift literal must keep as they are: quotes, backslashes, an
-- interpolation, a triple quote, a tab, non-ASCII letters, and a line break inside a value.
INSERT INTO team (name) VALUES ('Les "Bleus"');
INSERT INTO team (name) VALUES ('back\slash \(interpolation) """triple"""#');
INSERT INTO team (name) VALUES ('tab	here');
INSERT INTO team (name) VALUES ('Zürich 🦊');
INSERT INTO team (name) VALUES ('two
lines');
