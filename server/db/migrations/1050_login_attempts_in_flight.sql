-- A sign-in attempt is written before its password is checked, as pending, and settled as a
-- failure or removed by the outcome: attempts checked at the same moment, in any server
-- process, then see each other, so a burst of guesses gets no more checks than one by one.
-- Pending rows count for their email and address only, never towards the address's
-- totals: a crowd of colleagues signing in at nine is not a flood.
alter table login_failures add column pending boolean not null default false;
