#!/usr/bin/env bash
# Installs NVRTC for the header checks under NVRTC (NvrtcHeaderTest): libnvrtc.so.11.2, NVRTC of CUDA
# 11.8, from Debian's non-free archive (package libnvrtc11.2, 16 MB), where no libnvrtc is installed.
# Idempotent and quick once installed. The CUDA toolkit's own libnvrtc (lib64/libnvrtc.so*) also
# serves: the test looks for either. Needs root (or sudo) and Debian bookworm's archive.
set -euo pipefail

found() {
  ldconfig -p 2>/dev/null | grep -q 'libnvrtc\.so' && return 0
  for dir in "${CUDA_HOME:-/usr/local/cuda}/lib64" /usr/local/cuda*/lib64 /usr/local/cuda*/targets/*/lib; do
    compgen -G "$dir/libnvrtc.so*" > /dev/null && return 0
  done
  return 1
}

if found; then
  echo "install-nvrtc: libnvrtc already installed"
  exit 0
fi

as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo > /dev/null; then
    as_root=(sudo)
  else
    echo "install-nvrtc: not root and no sudo: cannot install libnvrtc11.2" >&2
    exit 1
  fi
fi

sources=/etc/apt/sources.list.d/swizzlegen-nonfree.sources
if ! grep -rqsE '^Components:.*\snon-free(\s|$)|^deb .*\snon-free(\s|$)' /etc/apt/sources.list /etc/apt/sources.list.d/; then
  "${as_root[@]}" tee "$sources" > /dev/null <<'SOURCES'
Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: non-free
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
fi
"${as_root[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends libnvrtc11.2
found
echo "install-nvrtc: installed libnvrtc11.2 (NVRTC of CUDA 11.8)"
