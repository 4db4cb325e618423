#!/usr/bin/env bash
# Installs Debian's redis-server for tests/test_bus.py when it is missing. The tests start their own
# throwaway server (a free loopback port, a temporary directory, no persistence); this script only makes
# sure the binary exists. Does nothing when it does.
set -u
if command -v redis-server >/dev/null 2>&1 || [ -x /usr/bin/redis-server ]; then
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  echo "redis-server is missing; install it with: sudo apt-get install redis-server" >&2
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null && apt-get install -y -qq redis-server >/dev/null \
  && echo "installed $(command -v redis-server)" \
  || echo "could not install redis-server; Redis tests will fail" >&2
# the package starts a system service; the tests run their own server, so stop it where there is a way
if command -v service >/dev/null 2>&1; then service redis-server stop >/dev/null 2>&1 || true; fi
