"""The Homebrew formula's steps as far as Linux runs them, for make test-install (Scripts/test-install.sh).

usage: formula-steps.py FORMULA SOURCE PREFIX TESTPATH

Reads the formula's `def install` and `test do` blocks and runs each line, in SOURCE (an unpacked release
tarball, as brew builds) and into PREFIX laid out as Homebrew's (bin, share/man/man1, etc/bash_completion.d,
share/zsh/site-functions, share/fish/vendor_completions.d), then the test in TESTPATH. It knows only the
forms the formula uses; any other line fails it, so a new step cannot be skipped unseen.
"""

import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

# Homebrew's install paths, relative to the formula's prefix.
DIRECTORIES = {
    "bin": "bin",
    "man1": "share/man/man1",
    "bash_completion": "etc/bash_completion.d",
    "zsh_completion": "share/zsh/site-functions",
    "fish_completion": "share/fish/vendor_completions.d",
}


def block(lines, opening):
    """The lines between OPENING (at two spaces) and its `end`, continuation lines joined."""
    start = lines.index(opening) + 1
    end = lines.index("  end", start)
    body, pending = [], ""
    heredoc = None
    for line in lines[start:end]:
        if heredoc is not None:
            heredoc[1].append(line.strip())
            if line.strip() == heredoc[0]:
                body.append(("heredoc", pending, heredoc[1][:-1]))
                heredoc, pending = None, ""
            continue
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        pending = (pending + " " + text).strip()
        marker = re.search(r"<<~(\w+)$", pending)
        if marker:
            heredoc = (marker.group(1), [])
            continue
        if pending.endswith(","):
            continue
        body.append(("line", pending, None))
        pending = ""
    if pending or heredoc:
        sys.exit(f"formula-steps: unfinished line in {opening.strip()}: {pending}")
    return body


def words(arguments, names):
    """A Ruby argument list of string literals and NAME/"path" joins, as strings."""
    out = []
    for argument in re.findall(r'(?:\w+/)?"[^"]*"|\w+', arguments):
        match = re.fullmatch(r'(?:(\w+)/)?"([^"]*)"', argument)
        if match:
            base, text = match.groups()
            text = interpolate(text, names)
            out.append(f"{names[base]}/{text}" if base else text)
        elif argument in names:
            out.append(names[argument])
        else:
            sys.exit(f"formula-steps: cannot read argument {argument!r}")
    return out


def interpolate(text, names):
    return re.sub(r"#\{(\w+)\}", lambda m: names[m.group(1)], text)


def run(argv, cwd, want=0):
    print("$ " + shlex.join(argv), flush=True)
    result = subprocess.run(argv, cwd=cwd, stdout=subprocess.PIPE, text=True)
    if result.returncode != want:
        print(result.stdout, end="")
        sys.exit(f"formula-steps: exit {result.returncode}, the formula expects {want}: {shlex.join(argv)}")
    return result.stdout


def install(body, source, prefix, names):
    for kind, line, _ in body:
        if kind != "line":
            sys.exit(f"formula-steps: unexpected block in def install: {line}")
        if re.fullmatch(r'ENV\.prepend_path "PKG_CONFIG_PATH", Formula\["openssl@3"\]\.opt_lib/"pkgconfig"', line):
            print("(PKG_CONFIG_PATH: this system's pkg-config finds its OpenSSL 3)")
            continue
        match = re.fullmatch(r"system (.*)", line)
        if match:
            run(words(match.group(1), names), source)
            continue
        match = re.fullmatch(r'(\w+)\.install "([^"]+)"', line)
        if match and match.group(1) in DIRECTORIES:
            target = prefix / DIRECTORIES[match.group(1)]
            target.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source / match.group(2), target / Path(match.group(2)).name)
            print(f"installed {match.group(2)} -> {target}")
            continue
        sys.exit(f"formula-steps: a line of def install this mirror does not know: {line}")


def test(body, testpath, names):
    testpath.mkdir(parents=True)
    for kind, line, text in body:
        if kind == "heredoc":
            match = re.fullmatch(r'\(testpath/"([^"]+)"\)\.write <<~\w+', line)
            if not match:
                sys.exit(f"formula-steps: cannot read {line}")
            (testpath / match.group(1)).write_text("\n".join(text) + "\n")
            continue
        match = re.fullmatch(r'assert_match "([^"]*)", shell_output\("([^"]*)"\)', line)
        if match:
            out = run(shlex.split(interpolate(match.group(2), names)), testpath)
            if not re.search(match.group(1), out):
                sys.exit(f"formula-steps: no {match.group(1)!r} in the output of {match.group(2)}:\n{out}")
            print(f"matched {match.group(1)!r}")
            continue
        match = re.fullmatch(r'shell_output\("([^"]*)", (\d+)\)', line)
        if match:
            run(shlex.split(interpolate(match.group(1), names)), testpath, int(match.group(2)))
            continue
        match = re.fullmatch(r"system (.*)", line)
        if match:
            run(words(match.group(1), names), testpath)
            continue
        sys.exit(f"formula-steps: a line of test do this mirror does not know: {line}")


def main():
    if len(sys.argv) != 5:
        sys.exit("usage: formula-steps.py FORMULA SOURCE PREFIX TESTPATH")
    lines = Path(sys.argv[1]).read_text().splitlines()
    source, prefix, testpath = (Path(a).resolve() for a in sys.argv[2:])
    names = {"bin": str(prefix / "bin"), "testpath": str(testpath)}
    install(block(lines, "  def install"), source, prefix, names)
    test(block(lines, "  test do"), testpath, names)
    print("formula-steps: the formula installs and its test passes")


main()
