#!/usr/bin/env python3
"""Mutant schemata for make mutation (Scripts/mutation.sh, MUTATION_SCHEMATA=1).

A mutant's build is most of its cost (a Swift file compiled, its module and the modules above it emitted,
the products linked: about 4 s of CPU against a second of tests), so the blocks whose line can carry both
versions are built once, together: the line becomes `if mutationSchema(N) { + line } else { - line }` (or
the same choice inside a value or a condition), and the hinted tests run with RECEIPT_MUTANT=N. Only whole
lines of a few shapes qualify (a statement, a one-line case, a value, an if, guard or while condition), in
ReceiptKit and the targets above it (mutationSchema is ReceiptKit's); a block that does not, or that the
compiler refuses in this form, is tested as before, by a build of its own.

  mutation-schemata.py plan LIST TREE INDEX...          print the positions that would be applied
  mutation-schemata.py apply LIST TREE STATE INDEX...   rewrite TREE for the blocks given (list positions);
                                                         print the positions applied
  mutation-schemata.py refused STATE BUILD-LOG           print the positions whose line the compiler refused
                                                         ("all" when an error is outside them)
  mutation-schemata.py restore TREE STATE                put TREE's files back as they were
"""
import os
import re
import shutil
import sys

# Words that make an expression unfit to sit inside `a ? b : c` or a condition unchanged: bindings, and effects
# that must prefix the whole expression (a value's own leading `try` or `await` is moved before the choice).
# Closures and interpolations may stay: their brackets must close on the line (elements), the compiler checks
# the rest, and a line it refuses is built on its own.
UNFIT = re.compile(r'\b(try|await|unsafe|let|var|case|inout)\b|#available')
# A whole statement may carry effects and closures; it may not declare what later lines read.
STATEMENT_UNFIT = re.compile(r'\b(let|var|inout)\b|#available')
EFFECT = re.compile(r'^((?:try[?!]? |await )+)(.*)$')
CONDITION = [
    re.compile(r'^(\s*(?:\} else )?if )(.*)( \{)$'),
    re.compile(r'^(\s*guard )(.*?)( else \{.*)$'),
    re.compile(r'^(\s*while )(.*)( \{)$'),
    # A declaration's value: `let name = (mutationSchema(N) ? (new) : (old))`.
    re.compile(r'^(\s*(?:let|var) [A-Za-z_][A-Za-z0-9_]*(?:: [^=]+)? = )(.*)()$'),
]
# A statement line: it does not open or close a scope, is no declaration, case or attribute, and neither it
# nor its neighbours continue an expression across lines.
NOT_STATEMENT_START = re.compile(
    r'^(let|var|case|default|guard|if|else|for|while|repeat|switch|do|catch|defer|func|init|deinit|subscript|'
    r'static|private|fileprivate|internal|public|package|open|final|override|mutating|nonmutating|convenience|'
    r'required|lazy|weak|unowned|nonisolated|class|struct|enum|protocol|extension|typealias|import|#|@|\.|\)|\]|'
    r'\?|:|&&|\|\||[-+*/%<>=!&|^~]|//)')
CONTINUES = re.compile(r'([,(\[=:?&|+\-*/%<>!^~.]|\bin|\belse|\breturn)\s*$')
NEXT_CONTINUES = re.compile(r'^\s*(\.|\?|:|&&|\|\||[-+*/%<>=!&|^~]|\)|\]|else\b|catch\b)')


def read_list(path):
    blocks, block = [], None
    for line in open(path, encoding='utf-8').read().split('\n'):
        if line.startswith('## '):
            block = {'name': line[3:]}
            blocks.append(block)
        elif block is not None and line.startswith('file: '):
            block['file'] = line[6:]
        elif block is not None and line.startswith('tests: '):
            block['tests'] = line[7:]
        elif block is not None and line.startswith('- '):
            block['original'] = line[2:]
        elif block is not None and line.startswith('+ '):
            block['replacement'] = line[2:]
    return blocks


def elements(condition):
    """A condition list's elements (split at commas outside brackets, braces and strings), or None when its
    brackets do not close."""
    parts, depth, quoted, start = [], 0, False, 0
    for index, char in enumerate(condition):
        if char == '"':
            quoted = not quoted
        elif not quoted and char in '([{':
            depth += 1
        elif not quoted and char in ')]}':
            depth -= 1
            if depth < 0:
                return None
        elif not quoted and char == ',' and depth == 0:
            parts.append(condition[start:index].strip())
            start = index + 1
    if depth != 0 or quoted:
        return None
    parts.append(condition[start:].strip())
    return parts


def chosen_list(old, new, switch, number):
    """A condition list that is `old` with the switch off and `new` with it on, changing only the elements
    that differ, each a plain boolean (no binding, pattern or effect), or None."""
    before, after = elements(old), elements(new)
    if before is None or after is None:
        return None
    if len(before) == len(after):
        changed = [i for i in range(len(before)) if before[i] != after[i]]
        if len(changed) != 1:
            return None
        i = changed[0]
        old_binding, new_binding = BINDING.match(before[i]), BINDING.match(after[i])
        if old_binding and new_binding and old_binding.group(1) == new_binding.group(1):
            # A binding whose value changes: the value is chosen.
            value = chosen_expression(old_binding.group(2), new_binding.group(2), switch, number)
            return None if value is None else ', '.join(before[:i] + [old_binding.group(1) + value] + before[i + 1:])
        if not all(one_expression(side[i]) for side in (before, after)):
            return None
        return ', '.join(before[:i] + [f'({switch}({number}) ? ({after[i]}) : ({before[i]}))'] + before[i + 1:])
    if len(after) != len(before):
        # Elements added or dropped, each where its list has it: an added one true while the switch is off, a
        # dropped one true while it is on (bindings cannot be added or dropped so).
        added = len(after) > len(before)
        kept, out = list(before if added else after), []
        for element in after if added else before:
            if kept and kept[0] == element:
                out.append(kept.pop(0))
            elif one_expression(element):
                out.append(f'({"!" if added else ""}{switch}({number}) || ({element}))')
            else:
                return None
        return ', '.join(out) if not kept else None
    return None


def one_expression(text):
    """One element (no top-level comma of a condition list), brackets that close, nothing UNFIT."""
    parts = None if UNFIT.search(text) else elements(text)
    return parts is not None and len(parts) == 1


def module_of(path):
    parts = path.split('/')
    if len(parts) < 3 or parts[0] != 'Sources' or not path.endswith('.swift') or parts[-1] == 'main.swift':
        return None
    return parts[1]


def switch_name(module):
    return 'mutationSchema'


# ReceiptKit declares mutationSchema (System/MutationSchema.swift, debug builds only, package-wide): its own
# files and the files that import it can call it.
IMPORTS_RECEIPTKIT = re.compile(r'^\s*(?:@testable |package |public |internal )?import ReceiptKit\b', re.M)
# The targets that depend on ReceiptKit: a file of theirs that does not import it gets the import with its schemata.
ABOVE_RECEIPTKIT = {'ReceiptStore', 'ReceiptCheckCLI', 'ReceiptKitTesting'}
# Tests that read the sources as text: they would read a schema's line, both versions at once.
READS_SOURCES = re.compile(r'FolderLayering|ReportSchema|DocDuplication|Figures|MutationList|GateCheck')




def rewrite(block, lines, at, switch, number):
    """The line at `at` carrying both versions, or None when its shape does not qualify."""
    original, replacement = block['original'], block['replacement']
    for pattern in CONDITION:
        old, new = pattern.match(original), pattern.match(replacement)
        if old and new and old.group(1) == new.group(1) and old.group(3) == new.group(3):
            if pattern is CONDITION[-1]:
                after = next((line for line in lines[at + 1:] if line.strip()), '')
                if CONTINUES.search(old.group(2)) or NEXT_CONTINUES.match(after):
                    return None
                value = chosen_expression(old.group(2), new.group(2), switch, number)
                return None if value is None else f'{old.group(1)}{value}'
            if one_expression(old.group(2)) and one_expression(new.group(2)):
                return f'{old.group(1)}({switch}({number}) ? ({new.group(2)}) : ({old.group(2)})){old.group(3)}'
            chosen = chosen_list(old.group(2), new.group(2), switch, number)
            return None if chosen is None else f'{old.group(1)}{chosen}{old.group(3)}'
    indent = original[:len(original) - len(original.lstrip())]
    old_text, new_text = original.strip(), replacement.strip()
    if not replacement.startswith(indent) or not old_text or not new_text:
        return None
    before = next((line for line in reversed(lines[:at]) if line.strip()), '')
    after = next((line for line in lines[at + 1:] if line.strip()), '')
    before_code = before.split('//')[0].rstrip()
    # The line is a value inside a larger expression (after `=`, `return`, an opening bracket or a comma):
    # the value is chosen, its label and trailing comma kept.
    if VALUE_BEFORE.search(before_code):
        return chosen_value(indent, old_text, new_text, after, switch, number)
    case = chosen_case(old_text, new_text, switch, number)
    if case is not None:
        return None if NEXT_CONTINUES.match(after) else f'{indent}{case}'
    for text in (old_text, new_text):
        if not is_statement(text):
            return None
    if (CONTINUES.search(before_code) and not CLOSURE_HEAD.search(before_code) and not CASE_HEAD.match(before_code)) \
            or NEXT_CONTINUES.match(after):
        return None
    # The only line of a body may be its value (an implicit return): the `if` is then an expression, whose
    # branches must both be values or both end the body.
    alone = (before_code.endswith('{') or CLOSURE_HEAD.search(before_code)) and after.strip().startswith('}')
    if alone and ends_body(old_text) != ends_body(new_text):
        return None
    return f'{indent}if {switch}({number}) {{ {new_text} }} else {{ {old_text} }}'


def ends_body(text):
    return bool(re.match(r'^(return|throw)\b', text)) or ';' in text


# `let name = ` (or var, or a typed one) before a condition's value.
BINDING = re.compile(r'^((?:let|var) [A-Za-z_][A-Za-z0-9_]*(?:: [^=]+)? = )(.*)$')
# A case's head on its own line: the next line is a statement of that case.
CASE_HEAD = re.compile(r'^\s*(case\b.*|default):$')
# A line that ends so that the next one is a value: an assignment, a return, an argument or an element.
VALUE_BEFORE = re.compile(r'((?<![=!<>])=|\breturn|[(\[,])$')
# A closure's parameters (`{ a, b in`): the next line is a statement, not the rest of an expression.
CLOSURE_HEAD = re.compile(r'\{[^{}]*\bin$')
# A compound statement that opens and closes on its line (`if a { return b }`); a guard binds nothing.
ONE_LINE_COMPOUND = re.compile(r'^(if|for|while|guard|switch) .*\}$')
LABEL = re.compile(r'^([A-Za-z_][A-Za-z0-9_]*: )(.*)$')


def is_statement(text):
    """A whole statement on its line: brackets that close, nothing left to continue it, and no declaration
    later lines could read (a compound statement's bindings end with its braces; a guard's do not)."""
    compound = ONE_LINE_COMPOUND.match(text) is not None
    if (NOT_STATEMENT_START.match(text) and not compound) or CONTINUES.search(text) or elements(text) is None:
        return False
    if compound and not text.startswith('guard '):
        return '#available' not in text
    return not STATEMENT_UNFIT.search(text)


def chosen_value(indent, old_text, new_text, after, switch, number):
    """`label: (switch(N) ? (new) : (old)),` for a value line whose label and comma both versions share."""
    comma = ''
    if old_text.endswith(',') and new_text.endswith(','):
        comma, old_text, new_text = ',', old_text[:-1].rstrip(), new_text[:-1].rstrip()
    label = ''
    old_label, new_label = LABEL.match(old_text), LABEL.match(new_text)
    if old_label and new_label and old_label.group(1) == new_label.group(1):
        label, old_text, new_text = old_label.group(1), old_label.group(2), new_label.group(2)
    if comma == '' and (CONTINUES.search(old_text) or CONTINUES.search(new_text)):
        return None
    if re.match(r'^\s*(\.|\?|:|&&|\|\||[-+*/%<>=!&|^~])', after) or re.match(r'^\s*(else|catch)\b', after):
        return None
    value = chosen_expression(old_text, new_text, switch, number)
    return None if value is None else f'{indent}{label}{value}{comma}'


def chosen_expression(old_text, new_text, switch, number):
    """`effects (switch(N) ? (new) : (old))`: both versions one expression, their leading effects the same."""
    old_effect, new_effect = EFFECT.match(old_text), EFFECT.match(new_text)
    effect = ''
    if old_effect or new_effect:
        if not (old_effect and new_effect) or old_effect.group(1) != new_effect.group(1):
            return None
        effect, old_text, new_text = old_effect.group(1), old_effect.group(2), new_effect.group(2)
    if NOT_STATEMENT_START.match(old_text) and not old_text.startswith('('):
        return None
    if NOT_STATEMENT_START.match(new_text) and not new_text.startswith('('):
        return None
    # A closure literal alone has no type for the choice to take.
    if not (one_expression(old_text) and one_expression(new_text)) or '{' in (old_text[:1], new_text[:1]):
        return None
    return f'{effect}({switch}({number}) ? ({new_text}) : ({old_text}))'


def chosen_case(old_text, new_text, switch, number):
    """`case P: if switch(N) { new } else { old }` for a case whose pattern both versions share."""
    old_case, new_case = split_case(old_text), split_case(new_text)
    if old_case is None or new_case is None or old_case[0] != new_case[0]:
        return None
    if not all(body and not CONTINUES.search(body) and elements(body) is not None and
               not STATEMENT_UNFIT.search(body) for body in (old_case[1], new_case[1])):
        return None
    return f'{old_case[0]} if {switch}({number}) {{ {new_case[1]} }} else {{ {old_case[1]} }}'


def split_case(text):
    """(`case P:`, body) for a one-line case of a switch, at its first colon outside brackets and strings."""
    if not (text.startswith('case ') or text.startswith('default:')):
        return None
    depth, quoted = 0, False
    for index, char in enumerate(text):
        if char == '"':
            quoted = not quoted
        elif not quoted and char in '([{':
            depth += 1
        elif not quoted and char in ')]}':
            depth -= 1
        elif not quoted and depth == 0 and char == ':' and text[index + 1:index + 2] == ' ':
            return text[:index + 1], text[index + 2:].strip()
    return None


def apply(list_path, tree, state, positions, write=True):
    blocks = read_list(list_path)
    files, claimed, applied, where, importing = {}, set(), [], [], set()
    # A line that two blocks mutate keeps its text for the one built on its own: neither is a schema.
    texts = {}
    for block in blocks:
        texts.setdefault(block.get('file'), []).append(block.get('original', ''))
    for position in positions:
        if position < 0 or position >= len(blocks):
            continue
        block = blocks[position]
        path = block.get('file', '')
        module = module_of(path)
        if module is None or 'original' not in block or 'replacement' not in block:
            continue
        # A schema is tested by its hinted tests alone (anything else is built on its own).
        if not block.get('tests') or READS_SOURCES.search(block['tests']):
            continue
        if path not in files:
            full = os.path.join(tree, path)
            if not os.path.isfile(full):
                continue
            files[path] = open(full, encoding='utf-8').read().split('\n')
        lines = files[path]
        if module != 'ReceiptKit' and not IMPORTS_RECEIPTKIT.search('\n'.join(lines)):
            if module not in ABOVE_RECEIPTKIT:
                continue
            importing.add(path)
        if sum(1 for text in texts[path] if text and (text in block['original'] or block['original'] in text)) > 1:
            continue
        matches = [i for i, line in enumerate(lines) if line == block['original']]
        if len(matches) != 1 or (path, matches[0]) in claimed:
            continue
        at = matches[0]
        # Inside a multi-line string literal (an odd count of its quotes before it), a line is text.
        if sum(line.count('"""') for line in lines[:at]) % 2:
            continue
        line = rewrite(block, lines, at, switch_name(module), position)
        if line is None:
            continue
        lines[at] = line
        claimed.add((path, at))
        applied.append(position)
        where.append(f'{position}\t{path}\t{at + 1}')
    changed = sorted({path for path, _ in claimed})
    # At the file's end, so that no line the refused positions name moves.
    for path in changed:
        if path in importing:
            files[path].append('import ReceiptKit')
    if not write:
        print(' '.join(str(position) for position in applied))
        return
    os.makedirs(os.path.join(state, 'originals'), exist_ok=True)
    for path in changed:
        saved = os.path.join(state, 'originals', path)
        os.makedirs(os.path.dirname(saved), exist_ok=True)
        shutil.copy2(os.path.join(tree, path), saved)
        with open(os.path.join(tree, path), 'w', encoding='utf-8') as out:
            out.write('\n'.join(files[path]))
    with open(os.path.join(state, 'changed'), 'w', encoding='utf-8') as out:
        out.write(''.join(f'{path}\n' for path in changed))
    with open(os.path.join(state, 'lines'), 'w', encoding='utf-8') as out:
        out.write(''.join(f'{line}\n' for line in where))
    print(' '.join(str(position) for position in applied))


def refused(state, log):
    """The positions to build on their own: those whose line an error names, and every one of a rewritten file
    with an error elsewhere in it (its switch). An error in a file not rewritten: "all"."""
    lines, by_file = {}, {}
    for entry in open(os.path.join(state, 'lines'), encoding='utf-8').read().split('\n'):
        if entry:
            position, path, line = entry.split('\t')
            lines[(path, int(line))] = position
            by_file.setdefault(path, set()).add(position)
    found = set()
    text = open(log, encoding='utf-8', errors='replace').read()
    for match in re.finditer(r'^(/\S+?\.swift):(\d+):\d+: error:', text, re.M):
        path, line = match.group(1), int(match.group(2))
        known = next((known for known in by_file if path.endswith('/' + known)), None)
        if known is None:
            print('all')
            return
        found |= {lines[(known, line)]} if (known, line) in lines else by_file[known]
    if not found:
        print('all')
        return
    print(' '.join(sorted(found, key=int)))


def restore(tree, state):
    if not os.path.exists(os.path.join(state, 'changed')):
        return
    for path in open(os.path.join(state, 'changed'), encoding='utf-8').read().split():
        shutil.copyfile(os.path.join(state, 'originals', path), os.path.join(tree, path))
    for name in ('changed', 'lines'):
        os.remove(os.path.join(state, name))


def main(arguments):
    if len(arguments) >= 4 and arguments[0] == 'apply':
        apply(arguments[1], arguments[2], arguments[3], [int(value) for value in arguments[4:]])
    elif len(arguments) >= 3 and arguments[0] == 'plan':
        apply(arguments[1], arguments[2], None, [int(value) for value in arguments[3:]], write=False)
    elif len(arguments) == 3 and arguments[0] == 'refused':
        refused(arguments[1], arguments[2])
    elif len(arguments) == 3 and arguments[0] == 'restore':
        restore(arguments[1], arguments[2])
    else:
        sys.stderr.write(__doc__)
        return 64
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
