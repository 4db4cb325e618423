#!/usr/bin/env bash
# Installs Debian's redis-server for tests/test_bus.py when it is missing. The tests start their own
# throwaway server (a free loopback port, a temporary directory, no persistence); this script only makes
# sure the binary exists. Does nothing when it does. The system service the package starts is stopped
# (the tests run their own server).
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib-apt.sh"
have_tool redis-server /usr/bin/redis-server && exit 0
apt_install redis-server redis-server "Redis tests will fail" redis-server command -v redis-server
