#!/usr/bin/env bash
# Installs the system libraries the package builds against, when they are missing: Debian's
# libsqlite3-dev and libsqlcipher-dev, and pkg-config, which finds them. Needs apt-get, and root
# (or sudo). Does nothing when they are installed.
set -euo pipefail

packages=(libsqlite3-dev libsqlcipher-dev pkg-config)
missing=()
for package in "${packages[@]}"; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
    echo "Install these libraries with your system's package manager: ${missing[*]}" >&2
    exit 1
fi
sudo=()
if [ "$(id -u)" -ne 0 ]; then
    if ! command -v sudo >/dev/null 2>&1; then
        echo "Run as root: apt-get install -y ${missing[*]}" >&2
        exit 1
    fi
    sudo=(sudo)
fi
echo "Installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update
"${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
