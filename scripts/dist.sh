#!/usr/bin/env bash
# make dist: a release folio that runs without Swift, as dist/folio-<version>-x86_64-linux.tar.gz
# with its SHA-256, and dist/RELEASE-NOTES. Linux (Debian) only: it asks dpkg what is linked in.
#
# The Swift runtime and Foundation are linked statically (--static-swift-stdlib); so are the C
# libraries whose static archives Debian ships. SwiftPM links them as -lcmark etc., after an
# -L/usr/lib/… from each pkg-config file, and the linker takes the first folder's .so. So the build
# reads their pkg-config files from a folder of copies that name first a folder holding only the
# archives; the first library SwiftPM links is one of them, so that folder is searched first
# (make dist-test checks that ldd lists none of them). libmicrohttpd.a needs GnuTLS, which its
# shared library would have brought. Every other library (Qt, HarfBuzz, libxml2…) stays shared.
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
BUILD=.build/dist
STATIC_PKGS=(libcmark-dev libyaml-dev libmicrohttpd-dev)

mkdir -p "$BUILD/static" "$BUILD/pkgconfig"
for archive in $(dpkg -L "${STATIC_PKGS[@]}" | grep '\.a$'); do ln -sf "$archive" "$BUILD/static/"; done
for pc in libcmark yaml-0.1 libmicrohttpd; do
    sed "s|^Libs: |Libs: -L$PWD/$BUILD/static |" "$(pkg-config --path $pc)" > "$BUILD/pkgconfig/$pc.pc"
done
"$SWIFT" build -c release --product folio --build-path "$BUILD" --static-swift-stdlib \
    --pkg-config-path "$BUILD/pkgconfig" -Xlinker -lgnutls

read -r _ version commit < <("$BUILD/release/folio" --version | tr -d '()')
name=folio-$version-x86_64-linux
stage=dist/$name
rm -rf dist && mkdir -p "$stage/licenses"
strip -o "$stage/folio" "$BUILD/release/folio"

# The Debian packages of what is linked in: the shared libraries ldd finds (what a user installs),
# and the static archives and toml++ (header-only), which are compiled in.
# dpkg knows a file by the path its package gave, with or without Debian 12's merged /usr.
owner() { dpkg -S "/usr${1#/usr}" 2>/dev/null || dpkg -S "${1#/usr}"; }
shared=$(for library in $(ldd "$stage/folio" | awk '$3 ~ /^\// { print $3 }'); do owner "$library"; done | cut -d: -f1 | sort -u)
packages=$(printf '%s\n' $shared "${STATIC_PKGS[@]}" libtomlplusplus-dev | sort -u)

# A copyright file's licence names: its `License:` lines (Debian's machine-readable format), or
# where it has none, a pointer to its text.
licences() {
    local names; names=$(sed -n 's/^License:[[:space:]]*\(.*[^[:space:]]\)[[:space:]]*$/\1/p' "$1" | sort -u | paste -sd, - | sed 's/,/, /g')
    echo "${names:-see licenses/$2.txt}"
}

cp "$(dirname "$(realpath "$(command -v "$SWIFT")")")/../share/swift/LICENSE.txt" "$stage/licenses/swift.txt"
cp Templates/fonts/*-COPYRIGHT.txt "$stage/licenses/"
{
    echo "Folio $version ($commit), for x86_64 Linux"
    echo
    echo "Swift $("$SWIFT" --version 2>&1 | sed -n 's/.*Swift version \([^ ]*\).*/\1/p'): its runtime and Foundation," \
         "linked in (Apache-2.0 with the Runtime Library Exception)"
    echo "The theme's fonts: Charis SIL (OFL-1.1), DejaVu Sans Mono (Bitstream Vera, public domain)"
    echo
    echo "Debian 12 packages linked in, with their versions and licences:"
    for package in $packages; do
        cp "/usr/share/doc/$package/copyright" "$stage/licenses/$package.txt"
        echo "  $(dpkg-query -W -f '${Package} ${Version}' "$package"): $(licences "$stage/licenses/$package.txt" "$package")"
    done
} > dist/RELEASE-NOTES
cp dist/RELEASE-NOTES "$stage/"

cat > "$stage/README" <<README
Folio $version, a static-site generator for page-curl books

  ./folio build mybook/      build a book folder into mybook/_site/
  ./folio check mybook/      check the built site, for CI
  ./folio --help             every command

This folio needs no Swift: the Swift runtime, Foundation, libcmark, libyaml and libmicrohttpd are
inside it. The shared libraries it loads (ldd folio) come with these Debian 12 packages:

  apt-get install $(echo $shared)

As for a folio built from source, justified text is hyphenated with the system's patterns
(hyphen-en-us, hyphen-fr…) and math needs KaTeX (katex); a book builds without them, with a warning.

RELEASE-NOTES lists what is linked in, with versions and licences; licenses/ holds their texts.
README

chmod -R u=rwX,go=rX "$stage"
tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner -C dist -cf - "$name" | gzip -9n > "dist/$name.tar.gz"
(cd dist && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")
rm -rf "$stage"
ls -l "dist/$name.tar.gz"
