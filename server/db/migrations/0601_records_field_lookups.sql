-- Exact filters of the records list compare a field's value on that field's own index
-- (`data -> 'field'`, created with the object's definition), whose statistics tell the
-- planner how common a value is; the containment index they used before is no longer read
-- and only slowed every write.
drop index if exists object_records_data_idx;
