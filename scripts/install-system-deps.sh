#!/usr/bin/env bash
# The Debian packages the tests need: Chromium for the end-to-end tests (Playwright drives it;
# a browser download is not possible here), a CJK font so screens and previews show Chinese, and
# PostgreSQL for the head-office tests and benchmark (test/support/postgres.ts runs its `initdb`
# and `pg_ctl` from /usr/lib/postgresql/<version>/bin into a temporary folder; the cluster the
# package creates is not used), and LibreOffice Calc, which the export tests run headless
# (`soffice --convert-to`) to see the CSV files as a person opening them in a spreadsheet would.
# Installs only what is missing, so a machine that has them pays nothing.
set -euo pipefail
packages=(chromium fonts-noto-cjk postgresql libreoffice-calc)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
sudo=''
[ "$(id -u)" -eq 0 ] || sudo='sudo'
echo "Installing Debian packages: ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
