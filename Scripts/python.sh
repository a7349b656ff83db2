#!/usr/bin/env bash
# Creates .build-python/, a virtual environment with the readers the tests check our output
# files with (Tests/requirements.txt), unless it is already there and current.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build-python
stamp="$venv/requirements.txt"
if [ -x "$venv/bin/python3" ] && cmp -s Tests/requirements.txt "$stamp"; then
  exit 0
fi
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check -r Tests/requirements.txt
cp Tests/requirements.txt "$stamp"
echo "Python readers installed in $venv"
