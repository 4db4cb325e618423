#!/usr/bin/env bash
# Installs Debian's PostgreSQL server binaries for tests/test_postgres.py when they are missing.
# The tests start their own throwaway cluster (initdb into a temporary directory); this script only makes
# sure initdb, pg_ctl and postgres exist under /usr/lib/postgresql/*/bin/. Does nothing when they do.
set -u
for dir in /usr/lib/postgresql/*/bin; do
  if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && [ -x "$dir/postgres" ]; then
    exit 0
  fi
done
if [ "$(id -u)" != "0" ]; then
  echo "PostgreSQL is missing; install it with: sudo apt-get install postgresql" >&2
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null && apt-get install -y -qq postgresql >/dev/null \
  && echo "installed $(ls -d /usr/lib/postgresql/*/bin | tail -1)" \
  || echo "could not install PostgreSQL; PostgreSQL tests will fail" >&2
