#!/usr/bin/env bash
# make deb: dist/folio_<version>_amd64.deb, from the folio and licences in make dist's tarball:
# /usr/bin/folio, its copyright, licences and changelog, a man page and bash and zsh completions
# made from `folio help`, and the Depends: line dpkg-shlibdeps makes. The same tarball makes the
# same bytes (files sorted, owners and times fixed).
set -euo pipefail
cd "$(dirname "$0")/.."

tarballs=(dist/folio-*-x86_64-linux.tar.gz)
[ -e "${tarballs[0]}" ] || { echo "deb.sh: no dist/folio-*-x86_64-linux.tar.gz; run make dist first" >&2; exit 1; }
work=.build/deb
rm -rf "$work" && mkdir -p "$work"
tar -xzf "${tarballs[0]}" -C "$work"
unpacked=$(echo "$work"/folio-*-x86_64-linux)
folio=$unpacked/folio
read -r _ version commit < <("$folio" --version | tr -d '()')
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git show -s --format=%ct "$commit" 2>/dev/null || echo 0)}

root=$work/root
doc=$root/usr/share/doc/folio
mkdir -p "$root/DEBIAN" "$root/usr/bin" "$doc" "$root/usr/share/man/man1" \
    "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions"
cp "$folio" "$root/usr/bin/folio"
cp -r "$unpacked/licenses" "$doc/"
{
    echo "Folio $version ($commit), packaged from its release build."
    echo "The licences' texts are in /usr/share/doc/folio/licenses/."
    echo
    cat "$unpacked/RELEASE-NOTES"
} > "$doc/copyright"

# The commands, and each one's flags, as `folio help` and `folio help <command>` list them.
commands=$("$folio" help | sed -n '/^Commands:/,/^$/s/^  \([a-z]\+\) .*/\1/p')
flags() { "$folio" help "$@" | grep -oE '^ +(-[a-zA-Z], )?--[a-z-]+' | grep -oE -- '-[-a-zA-Z]+' | paste -sd' ' -; }

# The man page: each help text as it prints, in no-fill blocks.
roff() { sed -e 's/\\/\\e/g' -e 's/-/\\-/g' -e "s/^[.']/\\\\\&&/"; }
summary=$("$folio" help | sed -n '1s/^folio — //p')
{
    echo ".TH FOLIO 1 \"$(date -u -d "@$SOURCE_DATE_EPOCH" +%F)\" \"folio $version\" \"User Commands\""
    echo ".SH NAME"
    echo "folio \\- $summary"
    echo ".SH SYNOPSIS"
    echo ".B folio"
    echo ".I command"
    echo "[options]"
    echo ".SH DESCRIPTION"
    echo ".nf"
    "$folio" help | tail -n +3 | roff
    echo ".fi"
    echo ".SH COMMANDS"
    for command in $commands; do
        echo ".SS folio $command"
        echo ".nf"
        "$folio" help "$command" | tail -n +3 | roff
        echo ".fi"
    done
} | gzip -9n > "$root/usr/share/man/man1/folio.1.gz"

# Completions: a command first (or folio's own flags), then that command's flags, or for
# `folio help` a command; other words complete as file names.
{
    echo "# bash completion for folio, made from \`folio help\`"
    echo "_folio() {"
    echo "    local cur=\${COMP_WORDS[COMP_CWORD]} words"
    echo "    if [ \"\$COMP_CWORD\" = 1 ]; then words=\"$(echo $commands) $(flags)\""
    echo "    else case \${COMP_WORDS[1]} in"
    echo "        help) words=\"$(echo $commands)\" ;;"
    for command in $commands; do [ "$command" = help ] || echo "        $command) [[ \$cur == -* ]] && words=\"$(flags "$command")\" ;;"; done
    echo "    esac; fi"
    echo "    COMPREPLY=(\$(compgen -W \"\$words\" -- \"\$cur\"))"
    echo "}"
    echo "complete -o default -F _folio folio"
} > "$root/usr/share/bash-completion/completions/folio"
{
    echo "#compdef folio"
    echo "# zsh completion for folio, made from \`folio help\`"
    echo "if (( CURRENT == 2 )); then compadd -- $(echo $commands) $(flags)"
    echo "elif [[ \$words[2] == help ]]; then compadd -- $(echo $commands)"
    echo "elif [[ \$PREFIX == -* ]]; then"
    echo "    case \$words[2] in"
    for command in $commands; do [ "$command" = help ] || echo "        ($command) compadd -- $(flags "$command") ;;"; done
    echo "    esac"
    echo "else _files; fi"
} > "$root/usr/share/zsh/vendor-completions/_folio"

# Depends: dpkg-shlibdeps's, from the symbols files of the libraries folio links directly: each
# one's package, at the oldest version with the symbols folio uses. It wants a debian/control.
mkdir -p "$work/debian" && printf 'Source: folio\n\nPackage: folio\nArchitecture: amd64\n' > "$work/debian/control"
depends=$(cd "$work" && dpkg-shlibdeps -O root/usr/bin/folio | sed 's/^shlibs:Depends=//')
maintainer=$(git show -s --format='%an <%ae>' HEAD)
printf 'folio (%s) unstable; urgency=medium\n\n  * Folio %s, built from commit %s.\n\n -- %s  %s\n' \
    "$version" "$version" "$commit" "$maintainer" "$(date -u -R -d "@$SOURCE_DATE_EPOCH")" | gzip -9n > "$doc/changelog.gz"
cat > "$root/DEBIAN/control" <<CONTROL
Package: folio
Version: $version
Architecture: amd64
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends
Suggests: hyphen-en-us, katex
Section: text
Priority: optional
Description: $summary
 Folio turns a folder of Markdown chapters into a static site of pages that
 turn like a book's, checks the built site for CI and previews a book with
 live reload.
CONTROL

chmod -R u=rwX,go=rX "$root"
find "$root" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
deb=dist/folio_${version}_amd64.deb
dpkg-deb --root-owner-group --build "$root" "$deb"
ls -l "$deb"
