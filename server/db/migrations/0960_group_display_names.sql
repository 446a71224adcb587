-- A group's name per interface language (`{"es": "...", "fr": "..."}`), beside its plain
-- `name`: notifications ("via Comité de crédit"), candidate columns and pickers show the
-- reader's. A language the map lacks, and every group written before, shows `name`.
alter table groups add column display_names jsonb;
