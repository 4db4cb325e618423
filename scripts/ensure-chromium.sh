#!/usr/bin/env bash
# Installs Debian's chromium for the Playwright browser tests when it is missing.
set -u
if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  echo "chromium is missing; install it with: sudo apt-get install chromium" >&2
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null && apt-get install -y -qq chromium >/dev/null \
  && echo "installed $(/usr/bin/chromium --version 2>/dev/null)" \
  || echo "could not install chromium; browser tests will fail" >&2
