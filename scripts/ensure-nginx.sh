#!/usr/bin/env bash
# Installs Debian's nginx for tests/test_deploy.py (nginx on loopback in front of two homegame processes)
# when it is missing. The test starts its own nginx with its own configuration in a temporary directory;
# the system service the package starts is stopped. Does nothing when nginx exists.
set -u
if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  echo "nginx is missing; install it with: sudo apt-get install nginx" >&2
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null && apt-get install -y -qq nginx >/dev/null \
  && echo "installed $(command -v nginx || echo /usr/sbin/nginx)" \
  || echo "could not install nginx; the deployment test will fail" >&2
if command -v service >/dev/null 2>&1; then service nginx stop >/dev/null 2>&1 || true; fi
