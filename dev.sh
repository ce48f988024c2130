#!/usr/bin/env bash
# One command for set-up and use on a fresh Debian 12 machine (or any machine with Python 3.11+):
#   ./dev.sh run [ARGS...]   install what is missing, then start dealer-assist (the display on the simulated shoe)
#   ./dev.sh test [ARGS...]  install what is missing, then run the test suite
# It installs Debian packages only when they are missing (needs root or sudo for that), and the
# Python packages into ./.venv, so nothing touches the system Python.
set -euo pipefail
cd "$(dirname "$0")"

DEBIAN_PACKAGES=(python3 python3-venv python3-pip xvfb xauth fonts-dejavu-core
  libegl1 libgl1 libglib2.0-0 libfontconfig1 libdbus-1-3 libxkbcommon0 libxkbcommon-x11-0
  libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-shape0 libxcb-xinerama0 libxcb-randr0
  libxcb-render-util0 libxcb-image0 libxcb-xkb1 libx11-xcb1)

install_debian_packages() {
  command -v dpkg-query >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1 || return 0
  local missing=()
  for p in "${DEBIAN_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "dev.sh: installing Debian packages: ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

setup_venv() {
  local py="${PYTHON:-python3}"
  if [ ! -x .venv/bin/python ]; then
    "$py" -m venv .venv
  fi
  local stamp=.venv/.installed-$(sha1sum pyproject.toml | cut -c1-12)
  if [ ! -f "$stamp" ]; then
    .venv/bin/python -m pip install -q --upgrade pip
    .venv/bin/python -m pip install -q -e '.[test]'
    rm -f .venv/.installed-*
    touch "$stamp"
  fi
}

cmd="${1:-run}"
shift || true
install_debian_packages
setup_venv
case "$cmd" in
  run)
    exec .venv/bin/dealer-assist "$@" ;;
  test)
    export QT_QPA_PLATFORM=offscreen
    # One worker per core, each test file on one worker (its fixtures and files stay its own).
    exec .venv/bin/python -m pytest -q -n auto --dist loadfile "$@" ;;
  *)
    echo "usage: ./dev.sh run [ARGS...] | ./dev.sh test [PYTEST ARGS...]" >&2
    exit 2 ;;
esac
