#!/bin/sh
# Proof that the image tarball runs, without Docker: its layers are unpacked in order into a
# directory, which becomes the root (chroot, with /proc mounted, as the image's user 65534) of the
# image's own entrypoint, serving on <port>; GET /0/public/Time is asked and printed, then all is
# stopped and removed. Needs root (chroot, mount); Linux.
#
# usage: run-without-docker.sh <kraken-sandbox-image.tar> <port>
set -eu
tarball=$1
port=$2
work=$(mktemp -d)
root="$work/root"
mkdir -p "$work/image" "$root/proc"
tar -xf "$tarball" -C "$work/image"
# manifest.json: [{"Config":"config.json","RepoTags":[...],"Layers":["<digest>.tar.gz",...]}]
for layer in $(sed 's/.*"Layers":\[\([^]]*\)\].*/\1/' "$work/image/manifest.json" | tr -d '"' | tr ',' ' '); do
  tar -xzf "$work/image/$layer" -C "$root" 2>/dev/null # (GNU tar notes Jib's LIBARCHIVE headers)
done
size=$(du -sh "$root" | cut -f1)
# config.json: "Entrypoint":["/opt/java/bin/java",...] (no argument of it holds a comma or a quote)
entrypoint=$(sed 's/.*"Entrypoint":\[\([^]]*\)\].*/\1/' "$work/image/config.json" | tr -d '"' | tr ',' ' ')
user=$(sed 's/.*"User":"\([^"]*\)".*/\1/' "$work/image/config.json")
mount -t proc proc "$root/proc"
# shellcheck disable=SC2086 # the entrypoint's words
chroot --userspec="$user:$user" "$root" $entrypoint --port "$port" > "$work/server.log" 2>&1 &
server=$!
stop() {
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  umount "$root/proc"
  rm -rf "$work"
}
trap stop EXIT
answer=""
for attempt in $(seq 1 120); do
  answer=$(curl -s -m 2 "http://127.0.0.1:$port/0/public/Time" || true)
  [ -n "$answer" ] && break
  sleep 0.5
done
echo "image $(sed 's/.*"RepoTags":\["\([^"]*\)".*/\1/' "$work/image/manifest.json"): $size unpacked, entrypoint $entrypoint, user $user"
head -1 "$work/server.log"
echo "GET http://127.0.0.1:$port/0/public/Time -> $answer"
case "$answer" in *'"unixtime"'*) exit 0 ;; *) cat "$work/server.log"; exit 1 ;; esac
