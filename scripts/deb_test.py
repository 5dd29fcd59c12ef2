#!/usr/bin/env python3
"""make deb-test: the package `make deb` wrote names folio's files and dependencies, its man page
renders, its bash completion offers what `folio help` lists, and the same tarball makes it again to
the same bytes. Then, as root where chroot works and debootstrap is installed (skipped with the
reason otherwise), it makes a fresh Debian 12 (minbase), copies in only the package, installs it
with apt, and there runs `folio init`, `folio build` and `folio check` on the guide. Prints how long
the root and the install took.

Usage: deb_test.py [MIRROR] (default: Debian's, http://deb.debian.org/debian)"""
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FILES = ("./usr/bin/folio", "./usr/share/doc/folio/copyright", "./usr/share/man/man1/folio.1.gz",
         "./usr/share/bash-completion/completions/folio", "./usr/share/zsh/vendor-completions/_folio")
CHROOT_ENV = {"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "LANG": "C.UTF-8", "HOME": "/root", "DEBIAN_FRONTEND": "noninteractive"}


def run(*args, **options) -> str:
    return subprocess.run(args, check=True, capture_output=True, text=True, **options).stdout


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def complete(script: Path, *words: str) -> set[str]:
    """What the bash completion offers for the last of `folio WORDS…`."""
    line = " ".join(f"'{word}'" for word in words)
    return set(run("bash", "-c", f'source {script}; COMP_WORDS=(folio {line}); COMP_CWORD={len(words)}; _folio; '
                   'printf "%s\\n" "${COMPREPLY[@]}"').split())


def help_flags(folio: Path, *command: str) -> set[str]:
    """The flags the Options of `folio help [COMMAND]` list: `-o, --output OUT` is -o and --output."""
    options = re.findall(r"^ +(?:-[a-zA-Z], )?--[a-z-]+", run(folio, "help", *command), re.M)
    return {flag for option in options for flag in re.findall(r"-[-a-zA-Z]+", option)}


def check_package(deb: Path, unpacked: Path) -> None:
    fields = dict(re.findall(r"^(\S+): (.*)$", run("dpkg-deb", "--field", deb), re.M))
    assert fields["Package"] == "folio" and fields["Architecture"] == "amd64", fields
    assert "libc6 (>= " in fields["Depends"], fields["Depends"]
    contents = run("dpkg-deb", "--contents", deb).splitlines()
    assert all(line.split()[1] == "root/root" for line in contents), "files not owned by root"
    missing = [name for name in FILES if not any(line.endswith(" " + name) for line in contents)]
    assert not missing, f"{deb.name} has no {missing}"
    print(f"{deb.name}: {deb.stat().st_size / 1e6:.1f} MB, {len(contents)} entries\nDepends: {fields['Depends']}")

    run("dpkg-deb", "-x", deb, unpacked)
    folio = unpacked / "usr/bin/folio"
    man = subprocess.run(["man", "--warnings", "-l", unpacked / FILES[2]], check=True, capture_output=True, text=True,
                         env={**os.environ, "MANWIDTH": "80", "MAN_DISABLE_SECCOMP": "1"})
    assert not man.stderr, f"the man page's warnings: {man.stderr}"

    commands = re.findall(r"^  ([a-z]+) ", run(folio, "help").split("Commands:")[1].split("\n\n")[0], re.M)
    assert all(f"folio {command}" in man.stdout for command in commands), "the man page misses a command"
    flags = lambda *command: help_flags(folio, *command)
    bash = unpacked / FILES[3]
    assert complete(bash, "") == set(commands) | flags(), complete(bash, "")
    assert complete(bash, "help", "") == set(commands)
    zsh = dict(re.findall(r"\((\w+)\) compadd -- (.*) ;;", (unpacked / FILES[4]).read_text()))
    for command in commands:
        if command != "help":
            assert complete(bash, command, "-") == flags(command), (command, complete(bash, command, "-"))
            assert set(zsh[command].split()) == flags(command), (command, zsh[command])
    if shutil.which("zsh"):
        run("zsh", "-n", unpacked / FILES[4])
    print(f"man page and completions: {len(commands)} commands, as `folio help` lists them")

    before = digest(deb)
    run(ROOT / "scripts/deb.sh")
    assert digest(deb) == before, "making the package again gave other bytes"
    print("made again from the same tarball: the same bytes")


def why_not_debian() -> str | None:
    if os.geteuid() != 0:
        return "not root"
    if not shutil.which("debootstrap"):
        return "debootstrap is not installed"
    if subprocess.run(["chroot", "/", "true"], capture_output=True).returncode != 0:
        return "chroot is not allowed here"
    return None


def install_in_debian(deb: Path, target: Path, mirror: str) -> None:
    start = time.monotonic()
    run("debootstrap", "--variant=minbase", "bookworm", target, mirror)
    made = time.monotonic()
    shutil.copy(deb, target / "tmp")
    shutil.copy("/etc/resolv.conf", target / "etc/resolv.conf")
    shutil.copytree(ROOT / "content", target / "tmp/guide", ignore=shutil.ignore_patterns("_site", ".folio-cache"))
    chroot = lambda *args: subprocess.run(["chroot", target, *args], env=CHROOT_ENV, capture_output=True, text=True)
    run("mount", "-t", "proc", "proc", target / "proc")
    try:
        for step in (("apt-get", "update", "-q"), ("apt-get", "install", "-y", "-q", f"/tmp/{deb.name}")):
            result = chroot(*step)
            assert result.returncode == 0, f"{' '.join(step)}: {result.stdout}{result.stderr}"
        installed = time.monotonic()
        print(f"Debian 12 minbase: debootstrap {made - start:.0f} s, apt-get install of the package {installed - made:.0f} s")
        for step in (("folio", "init", "/tmp/new"), ("folio", "build", "/tmp/guide"), ("folio", "check", "/tmp/guide/_site")):
            result = chroot(*step)
            print(f"{' '.join(step)}: exit {result.returncode}")
            assert result.returncode == 0, result.stdout + result.stderr
    finally:
        run("umount", target / "proc")


def main(mirror: str) -> None:
    [deb] = (ROOT / "dist").glob("folio_*_amd64.deb")
    with tempfile.TemporaryDirectory(prefix="deb-") as temporary:
        check_package(deb, Path(temporary) / "unpacked")
        reason = why_not_debian()
        if reason:
            print(f"skipped installing it into a fresh Debian 12: {reason}")
        else:
            install_in_debian(deb, Path(temporary) / "debian", mirror)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "http://deb.debian.org/debian")
