#!/usr/bin/env bash
# Installs Debian's chromium for the Playwright browser tests when it is missing, and a colour emoji font
# (the chat's reactions; without one the screenshots show empty boxes where a phone shows the emoji).
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib-apt.sh"
EMOJI=/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf
have_tool chromium /usr/bin/chromium \
  || apt_install chromium chromium "browser tests will fail" "" /usr/bin/chromium --version
[ -f "$EMOJI" ] \
  || apt_install fonts-noto-color-emoji "the emoji font" "screenshots show boxes for the reactions" "" echo "$EMOJI"
exit 0
