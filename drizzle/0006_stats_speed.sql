-- Decision 114: every view also adds to its quarter and year. Summed here from the months kept (a
-- pruned month is in neither), so the counts already there read the same through any grain.
INSERT INTO "visit_pages" ("grain", "period", "page", "views")
SELECT g.grain, date_trunc(g.grain, m."period"::timestamp)::date, m."page", sum(m."views")
FROM "visit_pages" m, (VALUES ('quarter'), ('year')) g(grain) WHERE m."grain" = 'month'
GROUP BY g.grain, date_trunc(g.grain, m."period"::timestamp)::date, m."page";--> statement-breakpoint
INSERT INTO "visit_languages" ("grain", "period", "language", "views")
SELECT g.grain, date_trunc(g.grain, m."period"::timestamp)::date, m."language", sum(m."views")
FROM "visit_languages" m, (VALUES ('quarter'), ('year')) g(grain) WHERE m."grain" = 'month'
GROUP BY g.grain, date_trunc(g.grain, m."period"::timestamp)::date, m."language";--> statement-breakpoint
INSERT INTO "visit_sources" ("grain", "period", "source", "medium", "campaign", "views")
SELECT g.grain, date_trunc(g.grain, m."period"::timestamp)::date, m."source", m."medium", m."campaign", sum(m."views")
FROM "visit_sources" m, (VALUES ('quarter'), ('year')) g(grain) WHERE m."grain" = 'month'
GROUP BY g.grain, date_trunc(g.grain, m."period"::timestamp)::date, m."source", m."medium", m."campaign";
