# Swift sources as code alone: prints FILE:LINE:TEXT for every line of the files given, TEXT being the line
# with its comments (//, and /* */ however nested) and the contents of its string literals ("...", """...""",
# raw #"..."#, interpolations \( ) kept as code) left out, so that a word inside a literal or a comment is not
# read as code and a // inside a literal does not cut the code after it (make memory-safety).
# What it cannot read (a string still open at the end of its line or of its file) is printed as
# "ERROR FILE:LINE: why": the caller fails rather than guess.
# POSIX awk (Debian's mawk): one character at a time, a stack of what each open literal or comment is.
function push(kind, hashes) {
    depth++
    kinds[depth] = kind
    marks[depth] = hashes
    parens[depth] = 0
}
function pop() {
    depth--
}
function hash_run(text, from, count) {
    count = 0
    while (substr(text, from + count, 1) == "#") count++
    return count
}
function repeat(text, count, result) {
    result = ""
    while (count-- > 0) result = result text
    return result
}
function finish(file, line) {
    if (depth > 0 && kinds[depth] != "code") {
        print "ERROR " file ":" line ": a " kinds[depth] " is still open at the end of the file"
    } else if (depth > 0) {
        print "ERROR " file ":" line ": an interpolation is still open at the end of the file"
    }
    depth = 0
}
FNR == 1 {
    if (NR > 1) finish(previous_file, previous_line)
    depth = 0
}
{
    line = $0
    n = length(line)
    out = ""
    i = 1
    while (i <= n) {
        c = substr(line, i, 1)
        kind = (depth == 0) ? "code" : kinds[depth]
        if (kind == "code") {
            two = substr(line, i, 2)
            if (two == "//") break
            if (two == "/*") { push("comment", 0); i += 2; continue }
            if (c == "#" || c == "\"") {
                h = hash_run(line, i)
                if (substr(line, i + h, 1) == "\"") {
                    if (substr(line, i + h, 3) == "\"\"\"") { push("multi-line string", h); i += h + 3 }
                    else { push("string", h); i += h + 1 }
                    out = out "\""
                    continue
                }
            }
            if (depth > 0 && c == "(") parens[depth]++
            if (depth > 0 && c == ")") {
                if (parens[depth] == 0) { pop(); i++; continue }
                parens[depth]--
            }
            out = out c
            i++
            continue
        }
        if (kind == "comment") {
            two = substr(line, i, 2)
            if (two == "/*") { push("comment", 0); i += 2; continue }
            if (two == "*/") { pop(); i += 2; continue }
            i++
            continue
        }
        # A string literal (single or multi-line) whose delimiter carries h hashes.
        h = marks[depth]
        if (c == "\\" && substr(line, i + 1, h) == repeat("#", h)) {
            if (substr(line, i + 1 + h, 1) == "(") { push("code", 0); i += h + 2; continue }
            i += h + 2
            continue
        }
        if (kind == "string" && c == "\"" && substr(line, i + 1, h) == repeat("#", h)) {
            pop(); out = out "\""; i += h + 1
            continue
        }
        if (kind == "multi-line string" && substr(line, i, 3) == "\"\"\"" && substr(line, i + 3, h) == repeat("#", h)) {
            pop(); out = out "\""; i += h + 3
            continue
        }
        i++
    }
    for (d = 1; d <= depth; d++) {
        if (kinds[d] == "string") {
            print "ERROR " FILENAME ":" FNR ": a string is still open at the end of its line"
            depth = d - 1
            break
        }
    }
    print FILENAME ":" FNR ":" out
    previous_file = FILENAME
    previous_line = FNR
}
END {
    if (NR > 0) finish(previous_file, previous_line)
}
