import type { Database } from '../db/client';

// A stand-in for the Citus functions the generated script calls (server/db/citus.ts), for a
// database without Citus: pg_dist_partition as a table, and create_reference_table,
// create_distributed_table and undistribute_table that record their calls and refuse what Citus
// documents it refuses (docs/deploy.md, "What Citus refuses"):
// - a table with triggers unless citus.enable_unsafe_triggers is on;
// - a table already in pg_dist_partition ("already distributed");
// - a foreign key to a table that is neither a reference table nor (from a distributed table) a
//   distributed one, and ON DELETE SET NULL / SET DEFAULT in a key holding the distribution column;
// - a table referenced by a plain PostgreSQL table, except that making a reference table turns a
//   plain table referencing it into a Citus local table, as Citus does with the coordinator in the
//   metadata.
// fake_citus_failures makes the next call for a table fail (a node down halfway through).
const INSTALL = `
create table pg_dist_partition (
  logicalrelid regclass primary key, partmethod "char" not null, partkey text, colocationid int not null,
  repmodel "char" not null);
create table fake_citus_calls (n serial primary key, call text not null);
create table fake_citus_failures (relname text primary key);

create function fake_citus_check(rel regclass, dist_column text) returns void language plpgsql as $$
declare
  fk record;
begin
  if exists (select 1 from fake_citus_failures where relname = rel::text) then
    raise exception 'fake failure: %', rel;
  end if;
  if exists (select 1 from pg_dist_partition where logicalrelid = rel) then
    raise exception 'table "%" is already distributed', rel;
  end if;
  if exists (select 1 from pg_trigger where tgrelid = rel and not tgisinternal)
     and coalesce(current_setting('citus.enable_unsafe_triggers', true), 'off') <> 'on' then
    raise exception 'cannot distribute relation "%" because it has triggers', rel;
  end if;
  for fk in select c.conname, c.confrelid, c.confdeltype, c.conkey from pg_constraint c
            where c.conrelid = rel and c.contype = 'f' and c.confrelid <> rel loop
    if not exists (select 1 from pg_dist_partition p where p.logicalrelid = fk.confrelid
                   and (p.repmodel = 't' or (dist_column is not null and p.partkey is not null))) then
      raise exception 'cannot create foreign key constraint % since % is not a reference table or a distributed table',
        fk.conname, fk.confrelid::regclass;
    end if;
  end loop;
  if dist_column is not null and exists (
      select 1 from pg_constraint c
      where c.conrelid = rel and c.contype = 'f' and c.confdeltype in ('n', 'd')
        and (select attnum from pg_attribute where attrelid = rel and attname = dist_column) = any (c.conkey)) then
    -- Citus prints the second sentence as the error's DETAIL.
    raise exception 'cannot create foreign key constraint: SET NULL or SET DEFAULT is not supported in ON DELETE operation when distribution key is included in the foreign key constraint';
  end if;
end $$;

create function create_reference_table(rel regclass) returns void language plpgsql as $$
begin
  perform fake_citus_check(rel, null);
  if exists (select 1 from pg_constraint c where c.confrelid = rel and c.contype = 'f' and c.conrelid <> rel
             and exists (select 1 from pg_dist_partition p where p.logicalrelid = c.conrelid and p.partkey is not null)) then
    raise exception 'cannot make % a reference table: a distributed table references it', rel;
  end if;
  insert into fake_citus_calls (call) values ('create_reference_table(' || rel::text || ')');
  insert into pg_dist_partition values (rel, 'n', null, 1, 't');
  -- Plain tables referencing it become Citus local tables (coordinator in the metadata).
  insert into pg_dist_partition
  select distinct c.conrelid::regclass, 'n', null, 0, 's' from pg_constraint c
  where c.confrelid = rel and c.contype = 'f' and c.conrelid <> rel
    and not exists (select 1 from pg_dist_partition p where p.logicalrelid = c.conrelid);
end $$;

create function create_distributed_table(rel regclass, dist_column text, colocate_with text default 'default')
returns void language plpgsql as $$
begin
  perform fake_citus_check(rel, dist_column);
  if exists (select 1 from pg_constraint c where c.confrelid = rel and c.contype = 'f' and c.conrelid <> rel
             and not exists (select 1 from pg_dist_partition p where p.logicalrelid = c.conrelid and p.partkey is not null)) then
    raise exception 'cannot distribute %: a table that is not distributed references it', rel;
  end if;
  if colocate_with <> 'default' and not exists (
      select 1 from pg_dist_partition where logicalrelid = colocate_with::regclass and partkey is not null) then
    raise exception 'cannot colocate with %: not a distributed table', colocate_with;
  end if;
  insert into fake_citus_calls (call) values ('create_distributed_table(' || rel::text || ')');
  insert into pg_dist_partition values (rel, 'h', dist_column, 2, 's');
end $$;

create function undistribute_table(rel regclass) returns void language plpgsql as $$
begin
  if not exists (select 1 from pg_dist_partition where logicalrelid = rel) then
    raise exception 'cannot undistribute table because the table is not distributed';
  end if;
  insert into fake_citus_calls (call) values ('undistribute_table(' || rel::text || ')');
  delete from pg_dist_partition where logicalrelid = rel;
end $$;
`;

const REMOVE = `
drop function if exists create_reference_table(regclass), create_distributed_table(regclass, text, text),
  undistribute_table(regclass), fake_citus_check(regclass, text);
drop table if exists pg_dist_partition, fake_citus_calls, fake_citus_failures;
`;

export async function installFakeCitus(database: Database): Promise<void> {
  await database.query(INSTALL);
}

export async function removeFakeCitus(database: Database): Promise<void> {
  await database.query(REMOVE);
}
