-- Signals: a catch or boundary event waiting for a signal is a row here as a message wait
-- is, found by the signal's name. A signal sent or thrown reaches every such row of its
-- name in the tenant at once (a message reaches one), so the name index serves both.

alter table process_event_subscriptions
  drop constraint process_event_subscriptions_event_type_check;
alter table process_event_subscriptions
  add constraint process_event_subscriptions_event_type_check
  check (event_type in ('message', 'signal'));
