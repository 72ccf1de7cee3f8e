#!/bin/sh
# deps.sh -- installs the Debian packages the project needs, if any is missing.
# Needs root (or sudo) only when something is missing.
#
# Usage: scripts/deps.sh [cluster]
# With `cluster`, also Slurm's daemons and munge, for make test-cluster (the packages only: the
# test starts a cluster of its own; nothing is started or enabled here).
set -e
PACKAGES="build-essential g++ make libxxhash-dev libjemalloc-dev libbenchmark-dev libstb-dev
gnuplot-nox libcriterion-dev parallel libjansson-dev python3-jsonschema libpng-dev
libturbojpeg0-dev libseccomp-dev clang libclang-rt-14-dev imagemagick chromium pandoc pkg-config graphviz"
[ "${1:-}" = cluster ] && PACKAGES="$PACKAGES slurmctld slurmd slurm-client munge"
missing=""
for p in $PACKAGES; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "deps.sh: installing:$missing" >&2
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
