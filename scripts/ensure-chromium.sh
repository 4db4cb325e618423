#!/usr/bin/env bash
# Installs Debian's chromium for the Playwright browser tests when it is missing.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib-apt.sh"
have_tool chromium /usr/bin/chromium && exit 0
apt_install chromium chromium "browser tests will fail" "" /usr/bin/chromium --version
