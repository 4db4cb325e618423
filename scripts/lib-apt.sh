# Shared by scripts/ensure-*.sh (sourced, not run): finds a tool and installs its Debian package when it is
# missing. As root (CI on a fresh Debian machine, or `sudo bash scripts/ensure-x.sh`) it installs quietly
# and says what it installed; as anyone else it says how to install and changes nothing. Either way the
# calling script exits 0: a test that needs the tool then skips or fails with its own reason.

# have_tool NAME [PATH...]: succeeds when NAME is on the PATH or one of the PATHs is an executable file.
have_tool() {
  local name=$1 path
  shift
  command -v "$name" >/dev/null 2>&1 && return 0
  for path in "$@"; do
    [ -x "$path" ] && return 0
  done
  return 1
}

# apt_install PACKAGE LABEL CONSEQUENCE SERVICE REPORT...: installs PACKAGE (named LABEL in messages).
# CONSEQUENCE is said when the install fails ("browser tests will fail"); SERVICE, when not empty, is the
# system service the package starts and the tests do not want (stopped where `service` exists); REPORT is
# a command whose output follows "installed " on success.
apt_install() {
  local package=$1 label=$2 consequence=$3 service=$4
  shift 4
  if [ "$(id -u)" != "0" ]; then
    echo "$label is missing; install it with: sudo apt-get install $package" >&2
    return 0
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null && apt-get install -y -qq "$package" >/dev/null \
    && echo "installed $("$@" 2>/dev/null)" \
    || echo "could not install $label; $consequence" >&2
  if [ -n "$service" ] && command -v service >/dev/null 2>&1; then
    service "$service" stop >/dev/null 2>&1 || true
  fi
  return 0
}
