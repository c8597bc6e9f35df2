#!/bin/sh
# The image's root besides the application (profile "image", sandbox/pom.xml): a Java runtime
# jlink'd from the build's JDK into /opt/java, and every shared library it loads at the path it
# loads it from, so that the image starts from "scratch" and needs no registry to build.
#
# usage: runtime.sh <jlink> <modules> <root>
set -eu
jlink=$1
modules=$2
root=$3
rm -rf "$root"
mkdir -p "$root/opt" "$root/tmp"
"$jlink" --add-modules "$modules" --strip-debug --no-header-files --no-man-pages --output "$root/opt/java"
for binary in "$root/opt/java/bin/java" $(find "$root/opt/java/lib" -name '*.so'); do
  # "libz.so.1 => /lib/x86_64-linux-gnu/libz.so.1 (0x...)", and the loader: "/lib64/ld-linux-x86-64.so.2 (0x...)"
  ldd "$binary" | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }'
done | sort -u | while read -r library; do
  case "$library" in "$root"/*) continue ;; esac # the runtime's own libraries are in place
  mkdir -p "$root$(dirname "$library")"
  cp -L "$library" "$root$library"
done
echo "[image] Java runtime ($modules) and $(find "$root" -name '*.so*' -path '*lib*' ! -path "$root/opt/*" | wc -l) system libraries in $root"
