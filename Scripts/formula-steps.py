"""The Homebrew formula's steps as far as Linux runs them, for make test-install (Scripts/test-install.sh).

usage: formula-steps.py FORMULA SOURCE PREFIX TESTPATH

Reads the formula's `def install` and `test do` blocks and runs each line, in SOURCE (an unpacked release
tarball, as brew builds) and into PREFIX laid out as Homebrew's (bin, share/man/man1, etc/bash_completion.d,
share/zsh/site-functions, share/fish/vendor_completions.d), then the test in TESTPATH. It knows only the
forms the formula uses; any other line fails it, so a new step cannot be skipped unseen.

With FORMULA_SCRATCH set (make test-install after its release step), the formula's `swift build` gets
`--scratch-path FORMULA_SCRATCH` and FORMULA_SWIFT_FLAGS (the release's flags), so it finds the release build of
the same sources done and compiles nothing, and a `.build/...` file the formula installs is taken from there.
"""

import os
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
    """A Ruby argument list of string literals, NAMEs and NAME/"path" joins, as strings; anything else fails."""
    out, position = [], 0
    argument = re.compile(r'\s*(?:(\w+)/)?"([^"#]*(?:#\{\w+\}[^"#]*)*)"\s*|\s*(\w+)\s*')
    while True:
        match = argument.match(arguments, position)
        if not match:
            sys.exit(f"formula-steps: cannot read the arguments {arguments!r}")
        base, text, name = match.groups()
        for known in (base, name):
            if known is not None and known not in names:
                sys.exit(f"formula-steps: unknown name {known!r} in {arguments!r}")
        out.append(names[name] if name else (f"{names[base]}/" if base else "") + interpolate(text, names))
        position = match.end()
        if position == len(arguments):
            return out
        if arguments[position] != ",":
            sys.exit(f"formula-steps: cannot read the arguments {arguments!r}")
        position += 1


def interpolate(text, names):
    for name in re.findall(r"#\{(\w+)\}", text):
        if name not in names:
            sys.exit(f"formula-steps: unknown name {name!r} in {text!r}")
    return re.sub(r"#\{(\w+)\}", lambda m: names[m.group(1)], text)


def run(argv, cwd, want=0, show=False):
    """Runs ARGV in CWD, failing unless it exits WANT; its output shown when SHOW (a build's log) or it fails."""
    print("$ " + shlex.join(argv), flush=True)
    result = subprocess.run(argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if show or result.returncode != want:
        print(result.stdout + result.stderr, end="", flush=True)
    if result.returncode != want:
        sys.exit(f"formula-steps: exit {result.returncode}, the formula expects {want}: {shlex.join(argv)}")
    return result.stdout


def system_step(line, names, cwd, adapt=None, show=False):
    """A `system ...` line as a step (ADAPT rewrites its argv first), or None when LINE is another form."""
    match = re.fullmatch(r"system (.*)", line)
    if not match:
        return None
    argv = words(match.group(1), names)
    if adapt:
        argv = adapt(argv)
    return lambda: run(argv, cwd, show=show)


def scratch_build(argv, scratch, flags):
    """A `swift build` argv pointed at SCRATCH with FLAGS (the release's), any other argv as it is.

    Without --disable-sandbox: the release was built without it, and SwiftPM hands it on to swiftc, so
    with it every module would be compiled again. Linux has no sandbox for it to disable."""
    if scratch and argv[:2] == ["swift", "build"]:
        return [word for word in argv if word != "--disable-sandbox"] + ["--scratch-path", scratch] + flags
    return argv


def installed_file(source, file, scratch):
    """FILE of the formula's install line: under SCRATCH for a `.build/` path when set, else in SOURCE."""
    if scratch and file.startswith(".build/"):
        return Path(scratch) / file[len(".build/"):]
    return source / file


def install_steps(body, source, prefix, names, scratch="", flags=()):
    """The install block's lines as steps, every line read before any runs."""
    steps = []
    for kind, line, _ in body:
        if kind != "line":
            sys.exit(f"formula-steps: unexpected block in def install: {line}")
        if re.fullmatch(r'ENV\.prepend_path "PKG_CONFIG_PATH", Formula\["openssl@3"\]\.opt_lib/"pkgconfig"', line):
            steps.append(lambda: print("(PKG_CONFIG_PATH: this system's pkg-config finds its OpenSSL 3)"))
            continue
        step = system_step(line, names, source, lambda argv: scratch_build(argv, scratch, list(flags)), show=True)
        if step:
            steps.append(step)
            continue
        match = re.fullmatch(r'(\w+)\.install "([^"]+)"', line)
        if match and match.group(1) in DIRECTORIES:
            file = installed_file(source, match.group(2), scratch)
            steps.append(lambda d=DIRECTORIES[match.group(1)], f=file: put(f, prefix / d))
            continue
        sys.exit(f"formula-steps: a line of def install this mirror does not know: {line}")
    return steps


def put(file, directory):
    directory.mkdir(parents=True, exist_ok=True)
    shutil.copy2(file, directory / file.name)
    print(f"installed {file.name} -> {directory}")


def test_steps(body, testpath, names):
    """The test block's lines as steps, every line read before any runs."""
    steps = []
    for kind, line, text in body:
        if kind == "heredoc":
            match = re.fullmatch(r'\(testpath/"([^"]+)"\)\.write <<~\w+', line)
            if not match:
                sys.exit(f"formula-steps: a line of test do this mirror does not know: {line}")
            content = "\n".join(text) + "\n"
            steps.append(lambda f=testpath / match.group(1), c=content: f.write_text(c))
            continue
        match = re.fullmatch(r'assert_match "([^"]*)", shell_output\("([^"]*)"\)', line)
        if match:
            steps.append(lambda p=match.group(1), c=interpolate(match.group(2), names): matches(p, c, testpath))
            continue
        match = re.fullmatch(r'shell_output\("([^"]*)", (\d+)\)', line)
        if match:
            argv = shlex.split(interpolate(match.group(1), names))
            steps.append(lambda argv=argv, want=int(match.group(2)): run(argv, testpath, want))
            continue
        step = system_step(line, names, testpath)
        if step:
            steps.append(step)
            continue
        sys.exit(f"formula-steps: a line of test do this mirror does not know: {line}")
    return steps


def matches(expected, command, testpath):
    """assert_match with a string: Homebrew's is a literal include (a Regexp would be matched as one)."""
    out = run(shlex.split(command), testpath)
    if expected not in out:
        sys.exit(f"formula-steps: no {expected!r} in the output of {command}:\n{out}")
    print(f"matched {expected!r}")


def main():
    if len(sys.argv) != 5:
        sys.exit("usage: formula-steps.py FORMULA SOURCE PREFIX TESTPATH")
    lines = Path(sys.argv[1]).read_text().splitlines()
    source, prefix, testpath = (Path(a).resolve() for a in sys.argv[2:])
    names = {"bin": str(prefix / "bin"), "testpath": str(testpath)}
    scratch = os.environ.get("FORMULA_SCRATCH", "")
    flags = shlex.split(os.environ.get("FORMULA_SWIFT_FLAGS", ""))
    install = install_steps(block(lines, "  def install"), source, prefix, names, scratch, flags)
    test = test_steps(block(lines, "  test do"), testpath, names)
    for step in install:
        step()
    testpath.mkdir(parents=True)
    for step in test:
        step()
    print("formula-steps: the formula installs and its test passes")


main()
