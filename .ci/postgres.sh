#!/usr/bin/env bash
# PostgreSQL for the progress store tests (issue 7): Debian's server, a throw-away role and database.
# Sourced by .ci/run (as root, under `set -euo pipefail`): it exports TUTOR_TEST_DATABASE_URL.
if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql
fi
if [ -z "$(pg_lsclusters -h)" ]; then
    pg_createcluster "$(ls /usr/lib/postgresql | sort -V | tail -1)" main
fi
read -r PG_VER PG_NAME PG_PORT _ < <(pg_lsclusters -h | head -1)
pg_ctlcluster "$PG_VER" "$PG_NAME" start 2>/dev/null || true   # "already running" is fine
for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p "$PG_PORT" && break; sleep 1; done
su postgres -c "psql -p $PG_PORT -qtAc \"SELECT 1 FROM pg_roles WHERE rolname = 'tutor_ci'\"" | grep -q 1 \
    || su postgres -c "psql -p $PG_PORT -qc \"CREATE ROLE tutor_ci LOGIN PASSWORD 'tutor_ci'\""
su postgres -c "psql -p $PG_PORT -qtAc \"SELECT 1 FROM pg_database WHERE datname = 'tutor_ci'\"" | grep -q 1 \
    || su postgres -c "createdb -p $PG_PORT -O tutor_ci tutor_ci"
# a throw-away database: its commits need not wait for the disk (the test role's own setting, nothing else's)
su postgres -c "psql -p $PG_PORT -qc \"ALTER ROLE tutor_ci SET synchronous_commit = off\""
export TUTOR_TEST_DATABASE_URL="postgresql+psycopg://tutor_ci:tutor_ci@127.0.0.1:$PG_PORT/tutor_ci"
export TUTOR_REQUIRE_POSTGRES=1   # the PostgreSQL tests then fail, never skip, if the URL goes missing
