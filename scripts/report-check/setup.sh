# Sourced by scripts/test-report and scripts/report-screenshot (bash, with
# set -euo pipefail and $root the repository): makes sure Debian's chromium
# and a virtualenv with playwright and Pillow exist, installing only what is
# missing, and sets $venv_python and $CHROMIUM.  Playwright drives Debian's
# chromium (executable_path): `playwright install` would download a browser
# build, which cannot be fetched here, so it is never run.

# Pinned so that a run today and one next month use the same client.
report_check_requirements=(playwright==1.65.2 pillow==13.0.0)

export CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
if [[ ! -x $CHROMIUM ]]; then
    echo "report-check: installing Debian's chromium" >&2
    if [[ $(id -u) -eq 0 ]]; then sudo=; else sudo=sudo; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
fi

venv=$root/target/report-venv
venv_python=$venv/bin/python
if ! "$venv_python" -c 'import playwright, PIL' 2>/dev/null; then
    echo "report-check: making $venv (${report_check_requirements[*]})" >&2
    "${PYTHON:-python3}" -m venv "$venv"
    "$venv_python" -m pip install -q --disable-pip-version-check "${report_check_requirements[@]}"
fi
