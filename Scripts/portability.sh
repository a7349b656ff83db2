#!/usr/bin/env bash
# Fails when a symbol only Linux (or only glibc, or only Darwin) has is used outside a module's
# Platform/ folder, where each such call sits beside its other platform's branch. A file that
# imports Glibc must also say what it imports on Darwin.
set -euo pipefail
cd "$(dirname "$0")/.."

linux_only='Glibc\.|Musl\.|Darwin\.|/proc/|inotify|st_mtim|mallopt|malloc_trim|dlsym|epoll_|kqueue|kevent|pthread_setname_np|prctl|O_TMPFILE|sendfile|SOCK_CLOEXEC|MSG_NOSIGNAL|posix_fadvise|fallocate|pipe2|accept4|memfd_create|sched_getaffinity|get_nprocs'
failures=0

# Code lines only: comments may name what they like.
while IFS= read -r hit; do
  echo "portability: $hit: platform-only symbol outside a Platform/ folder" >&2
  failures=$((failures + 1))
done < <(grep -rnE "$linux_only" Sources --include='*.swift' \
  | grep -v '/Platform/' \
  | grep -vE '^[^:]+:[0-9]+:\s*//' || true)

while IFS= read -r file; do
  if ! grep -q 'canImport(Darwin)' "$file"; then
    echo "portability: $file imports Glibc with no Darwin branch" >&2
    failures=$((failures + 1))
  fi
done < <(grep -rlE '^\s*import Glibc' Sources --include='*.swift' || true)

if [ "$failures" -gt 0 ]; then
  echo "portability: $failures problem(s); platform calls belong in Sources/<Module>/Platform/ with both branches" >&2
  exit 1
fi
echo "portability: no platform-only symbol outside Platform/ folders"
