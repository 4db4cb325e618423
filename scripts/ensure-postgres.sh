#!/usr/bin/env bash
# Installs Debian's PostgreSQL server binaries for tests/test_postgres.py when they are missing.
# The tests start their own throwaway cluster (initdb into a temporary directory); this script only makes
# sure initdb, pg_ctl and postgres exist under /usr/lib/postgresql/*/bin/. Does nothing when they do.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib-apt.sh"
for dir in /usr/lib/postgresql/*/bin; do
  if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && [ -x "$dir/postgres" ]; then
    exit 0
  fi
done
postgres_bin() { ls -d /usr/lib/postgresql/*/bin | tail -1; }
apt_install postgresql PostgreSQL "PostgreSQL tests will fail" "" postgres_bin
