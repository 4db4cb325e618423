#!/usr/bin/env bash
# Installs Debian's nginx for tests/test_deploy.py (nginx on loopback in front of two homegame processes)
# when it is missing. The test starts its own nginx with its own configuration in a temporary directory;
# the system service the package starts is stopped. Does nothing when nginx exists.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib-apt.sh"
have_tool nginx /usr/sbin/nginx && exit 0
nginx_path() { command -v nginx || echo /usr/sbin/nginx; }
apt_install nginx nginx "the deployment test will fail" nginx nginx_path
